import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED_MESSAGE, SessionState, STORAGE_KEYS } from '@smm/domain';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { useSession } from './session-context';
import { authApi } from '@smm/domain/endpoints';

function State() {
  return <p data-testid="state">{useSession().state}</p>;
}

describe('session ended by the server', () => {
  it('an operator’s suspension (401 TOKEN_SUSPENDED) signs out and says why', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'issued-before-suspension');
    mockApi({
      [on(authApi.profile)]: json({ message: ACCOUNT_SUSPENDED_MESSAGE, code: 'TOKEN_SUSPENDED' }, 401),
    });
    renderWithProviders(<State />);
    expect(await screen.findByText(ACCOUNT_SUSPENDED_MESSAGE)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('state')).toHaveTextContent(String(SessionState.UN_AUTHORIZATION)),
    );
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBeNull();
  });

  it('an expired token signs out without that message', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'expired');
    mockApi({
      [on(authApi.profile)]: json({ message: '로그인이 만료되었습니다.', code: 'TOKEN_INVALID' }, 401),
    });
    renderWithProviders(<State />);
    await waitFor(() =>
      expect(screen.getByTestId('state')).toHaveTextContent(String(SessionState.UN_AUTHORIZATION)),
    );
    expect(screen.queryByText(ACCOUNT_SUSPENDED_MESSAGE)).not.toBeInTheDocument();
  });
});
