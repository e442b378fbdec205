/** The export menu button: one export at a time however fast the clicks, the focus back on the button afterwards. */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExportMenuButton } from '@/components/ExportMenuButton';

afterEach(cleanup);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ExportMenuButton', () => {
  it('names each format, runs one export for a double click, stays focusable while busy and takes the focus back', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    const pending = deferred();
    render(
      <ExportMenuButton
        label="Xuất file"
        formats={['csv', 'xlsx'] as const}
        formatLabel={(f) => (f === 'csv' ? 'CSV (UTF-8)' : 'Excel (XLSX)')}
        note="Không gồm phí"
        busy={false}
        onExport={(format) => {
          calls.push(format);
          return pending.promise;
        }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Xuất file' });
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Xuất file' });
    expect(menu).toHaveAccessibleDescription('Không gồm phí');
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['CSV (UTF-8)', 'Excel (XLSX)']);
    await user.dblClick(screen.getByRole('menuitem', { name: 'CSV (UTF-8)' }));
    expect(calls).toEqual(['csv']);
    // Busy: announced, still focusable, and a click opens nothing.
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    await user.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
    await act(async () => pending.resolve());
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-busy', 'false');
    // Free again: the next export runs.
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Excel (XLSX)' }));
    expect(calls).toEqual(['csv', 'xlsx']);
  });

  it('is disabled when there is nothing to export', () => {
    render(<ExportMenuButton label="Xuất file" formats={['csv'] as const} formatLabel={(f) => f} busy={false} disabled onExport={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Xuất file' })).toBeDisabled();
  });
});
