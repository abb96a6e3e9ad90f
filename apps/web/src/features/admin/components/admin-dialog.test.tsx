import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AdminDialog, AdminDialogActions } from './admin-dialog';

function Opener({ remount = false }: { remount?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">다른 버튼</button>
      {/* A table re-creating its rows while the dialog is open replaces the trigger element. */}
      <button key={remount ? String(open) : 'trigger'} type="button" onClick={() => setOpen(true)}>
        열기
      </button>
      {open && (
        <AdminDialog title="확인" onClose={() => setOpen(false)}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setOpen(false);
            }}
          >
            <input aria-label="메모" />
            <AdminDialogActions onCancel={() => setOpen(false)} pending={false} />
          </form>
        </AdminDialog>
      )}
    </>
  );
}

async function openDialog({ strict = false, remount = false } = {}) {
  const user = userEvent.setup();
  // StrictMode (as in main.tsx) runs the dialog's effect twice; focus must still come back.
  render(
    strict ? (
      <StrictMode>
        <Opener remount={remount} />
      </StrictMode>
    ) : (
      <Opener remount={remount} />
    ),
  );
  await user.click(screen.getByRole('button', { name: '열기' }));
  const dialog = screen.getByRole('dialog', { name: '확인' });
  await user.click(screen.getByLabelText('메모'));
  expect(screen.getByLabelText('메모')).toHaveFocus();
  return { user, dialog };
}

describe('AdminDialog', () => {
  it.each([false, true])('gives focus back to its trigger when Esc closes it (strict %s)', async (strict) => {
    const { dialog } = await openDialog({ strict });
    // Esc on a modal <dialog> fires `cancel` (jsdom does not map the key itself).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '열기' })).toHaveFocus();
  });

  it('gives focus to the element that replaced its trigger when the trigger was re-created', async () => {
    const { dialog } = await openDialog({ remount: true });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.getByRole('button', { name: '열기' })).toHaveFocus();
  });

  it('gives focus back to its trigger after 취소 and after a submit', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(screen.getByRole('button', { name: '열기' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: '열기' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '열기' })).toHaveFocus();
  });
});
