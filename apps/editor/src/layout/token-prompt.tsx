import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { managementToken } from '../data/token.ts';

/**
 * Shown when the server answers UNAUTHORIZED: asks for the management token once, keeps it in
 * sessionStorage (gone with the tab) and retries what failed.
 */
export function TokenPrompt({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState('');
  return (
    <form
      className="panel"
      aria-labelledby="token-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!token.trim()) return;
        managementToken.set(token.trim());
        onDone();
        void queryClient.invalidateQueries();
      }}
    >
      <h2 id="token-title">Management token</h2>
      <p>This server asks for its management token: ask the person who runs it. The token is kept for this tab only.</p>
      <div className="field">
        <label htmlFor="management-token">Token</label>
        <input
          id="management-token"
          type="password"
          autoComplete="off"
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
      </div>
      <button type="submit" className="primary">
        Use token
      </button>
    </form>
  );
}
