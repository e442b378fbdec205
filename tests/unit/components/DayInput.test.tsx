/** The day input of forms: a day key in the form, DD/MM/YYYY on screen whatever the browser's locale. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, SaveButton } from 'react-admin';
import { DayInput } from '@/components/DayInput';

function renderForm(defaultValues: Record<string, unknown>, onSubmit: (values: Record<string, unknown>) => void) {
  return render(
    <AdminContext>
      <Form defaultValues={defaultValues} onSubmit={onSubmit}>
        <DayInput source="startDate" label="Ngày bắt đầu" />
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
}

afterEach(cleanup);

describe('DayInput', () => {
  it('shows the form day as DD/MM/YYYY in a labelled field', async () => {
    const { container } = renderForm({ startDate: '2026-03-10' }, () => {});
    expect(await screen.findByRole('group', { name: /Ngày bắt đầu/ })).toBeInTheDocument();
    expect(container.querySelector('input[name="startDate"], input[aria-hidden="true"]')).toHaveValue('10/03/2026');
  });

  it('takes a day typed DD MM YYYY from the keyboard and submits it as a day key', async () => {
    let submitted: Record<string, unknown> | undefined;
    renderForm({ startDate: '2026-03-10' }, (values) => (submitted = values));
    const group = await screen.findByRole('group', { name: /Ngày bắt đầu/ });
    const [daySection] = await waitFor(() => {
      const sections = group.querySelectorAll('[role="spinbutton"]');
      expect(sections.length).toBe(3);
      return [...sections] as HTMLElement[];
    });
    const user = userEvent.setup();
    await user.click(daySection);
    await user.keyboard('25122026');
    await user.click(screen.getByRole('button', { name: /save|lưu/i }));
    await waitFor(() => expect(submitted).toEqual({ startDate: '2026-12-25' }));
  });
});
