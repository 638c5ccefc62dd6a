import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { App } from './app.tsx';

it('links to the API docs while the editor is being built', () => {
  render(<App />);
  expect(screen.getByRole('heading', { name: 'Forms Engine editor' })).toBeDefined();
  expect(screen.getByRole('link', { name: '/docs' }).getAttribute('href')).toBe('/docs');
});
