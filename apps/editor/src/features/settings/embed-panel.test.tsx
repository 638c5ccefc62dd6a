import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbedPanel } from './embed-panel.tsx';

afterEach(cleanup);

describe('the embed snippets', () => {
  it('show the colour scheme and accent colour a site can set, and link the theming guide', () => {
    render(<EmbedPanel publicId="AbCdEfGhIjKl" published />);
    const [scriptTag, npm] = [...document.querySelectorAll('pre.snippet')].map((pre) => pre.textContent ?? '');
    expect(scriptTag).toContain('color-scheme="auto"');
    expect(scriptTag).toContain('accent-color="#1d4ed8"');
    expect(scriptTag).toContain('public-id="AbCdEfGhIjKl"');
    expect(npm).toContain("colorScheme: 'auto'");
    expect(npm).toContain("accentColor: '#1d4ed8'");
    const docs = screen.getByRole('link', { name: /how to theme the embed/ });
    expect(docs.getAttribute('href')).toBe('https://www.npmjs.com/package/@forms-engine/embed-client#theming');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
