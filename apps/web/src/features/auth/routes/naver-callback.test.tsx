import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NaverCallbackRoute } from './naver-callback';

describe('/auth/naver callback', () => {
  it('posts the code to the opener with the naver-auth marker and closes itself', () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});

    render(
      <MemoryRouter initialEntries={['/auth/naver?code=abc123&state=s']}>
        <NaverCallbackRoute />
      </MemoryRouter>,
    );

    expect(postMessage).toHaveBeenCalledWith(
      { source: 'naver-auth', code: 'abc123' },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
  });
});
