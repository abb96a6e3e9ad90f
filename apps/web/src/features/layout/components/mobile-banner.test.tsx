import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@smm/domain';
import { MobileBanner } from './mobile-banner';

describe('the landscape hint', () => {
  it('once closed, stays closed on the next load', async () => {
    const first = render(<MobileBanner />);
    expect(screen.getByRole('note')).toHaveTextContent('가로 모드로 보시면');
    await userEvent.click(screen.getByRole('button', { name: '안내 닫기' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.MOBILE_BANNER_CLOSED)).toBe('1');
    first.unmount();

    // A reload: a fresh component reads the stored choice.
    render(<MobileBanner />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
