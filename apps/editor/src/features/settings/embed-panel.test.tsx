import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { EmbedPanel } from './embed-panel.tsx';

afterEach(cleanup);

function renderPanel(handlers: Handlers) {
  return renderWithApi([{ path: '/', element: <EmbedPanel publicId="AbCdEfGhIjKl" published /> }], { handlers });
}

const snippets = async () => {
  await screen.findByRole('heading', { name: 'Script tag' });
  return [...document.querySelectorAll('pre.snippet')].map((pre) => pre.textContent ?? '');
};

describe('the embed snippets', () => {
  it('show the colour scheme and accent colour a site can set, and link the theming guide', async () => {
    renderPanel({ instance: () => ({ publicUrl: 'https://forms.example.com' }) });
    const [scriptTag, npm] = await snippets();
    expect(scriptTag).toContain('color-scheme="auto"');
    expect(scriptTag).toContain('accent-color="#1d4ed8"');
    expect(scriptTag).toContain('public-id="AbCdEfGhIjKl"');
    expect(npm).toContain("colorScheme: 'auto'");
    expect(npm).toContain("accentColor: '#1d4ed8'");
    const docs = screen.getByRole('link', { name: /how to theme the embed/ });
    expect(docs.getAttribute('href')).toBe('https://www.npmjs.com/package/@forms-engine/embed-client#theming');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('use the public address the server is set up with (PUBLIC_URL), not the address the editor was opened at', async () => {
    renderPanel({ instance: () => ({ publicUrl: 'https://forms.example.com' }) });
    const [scriptTag, npm] = await snippets();
    expect(scriptTag).toContain('<script src="https://forms.example.com/embed/v1/embed.js" defer></script>');
    expect(scriptTag).toContain('base-url="https://forms.example.com"');
    expect(npm).toContain("baseUrl: 'https://forms.example.com',");
    expect(document.body.textContent).not.toContain(window.location.origin);
  });

  it('fall back to the address the editor was opened at when no public address is set, and say so', async () => {
    renderPanel({ instance: () => ({ publicUrl: null }) });
    const [scriptTag, npm] = await snippets();
    const origin = window.location.origin;
    expect(scriptTag).toContain(`<script src="${origin}/embed/v1/embed.js" defer></script>`);
    expect(scriptTag).toContain(`base-url="${origin}"`);
    expect(npm).toContain(`baseUrl: '${origin}',`);
    expect(screen.getByText(/the address this editor was opened at/)).toBeDefined();
  });
});

describe('copying', () => {
  it('copies the public id and each snippet with a button named for it, and says “Copied”', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPanel({ instance: () => ({ publicUrl: 'https://forms.example.com' }) });
    const [scriptTag, npm] = await snippets();
    const copyId = screen.getByRole('button', { name: 'Copy public id' });
    expect(copyId.textContent).toBe('Copy');
    await user.click(copyId);
    expect(writeText).toHaveBeenLastCalledWith('AbCdEfGhIjKl');
    // The status beside the button pressed says it; the others stay quiet.
    expect(within(copyId.parentElement as HTMLElement).getByRole('status').textContent).toBe('Copied');
    await user.click(screen.getByRole('button', { name: 'Copy script tag snippet' }));
    expect(writeText).toHaveBeenLastCalledWith(scriptTag);
    await user.click(screen.getByRole('button', { name: 'Copy npm snippet' }));
    expect(writeText).toHaveBeenLastCalledWith(npm);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Copied', 'Copied', 'Copied']);
  });
});

describe('passing hidden fields', () => {
  const renderWithHidden = () =>
    renderWithApi(
      [
        {
          path: '/',
          element: (
            <EmbedPanel
              publicId="AbCdEfGhIjKl"
              published
              hiddenFields={[{ key: 'utm_source' }, { key: 'customer_id', label: 'Customer id' }]}
            />
          ),
        },
      ],
      { handlers: { instance: () => ({ publicUrl: 'https://forms.example.com' }) } },
    );

  it('shows the attribute, the mount option and a link whose address carries them for hidden-from-url', async () => {
    const user = userEvent.setup();
    renderWithHidden();
    await screen.findByRole('heading', { name: 'Hidden fields' });
    const text = (id: string) => document.getElementById(id)?.textContent ?? '';
    expect(text('hidden-attribute-snippet')).toContain('hidden-fields="utm_source=&customer_id="');
    await user.type(screen.getByLabelText('Value of utm_source'), 'newsletter');
    await user.type(screen.getByLabelText('Value of customer_id (Customer id)'), '42');
    expect(text('hidden-attribute-snippet')).toContain('hidden-fields="utm_source=newsletter&customer_id=42"');
    expect(text('hidden-mount-snippet')).toContain("hidden: { utm_source: 'newsletter', customer_id: '42' },");
    expect(text('hidden-url-snippet')).toContain('  hidden-from-url');
    await user.clear(screen.getByLabelText('Address of your page that embeds it'));
    await user.type(screen.getByLabelText('Address of your page that embeds it'), 'https://shop.example/survey');
    await user.clear(screen.getByLabelText('Value of utm_source'));
    await user.type(screen.getByLabelText('Value of utm_source'), 'spring ad');
    expect(text('hidden-share-link')).toBe('https://shop.example/survey?utm_source=spring+ad&customer_id=42');
  });

  it('says nothing about them when the questionnaire has none', async () => {
    renderPanel({ instance: () => ({ publicUrl: 'https://forms.example.com' }) });
    await snippets();
    expect(screen.queryByRole('heading', { name: 'Hidden fields' })).toBeNull();
  });
});
