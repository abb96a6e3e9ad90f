import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NaverCallbackRoute } from './naver-callback';

function renderCallback(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <NaverCallbackRoute />
    </MemoryRouter>,
  );
}

describe('/auth/naver callback', () => {
  it('posts the code and state to the opener with the naver-auth marker and closes itself', () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});

    renderCallback('/auth/naver?code=abc123&state=s-1');

    expect(postMessage).toHaveBeenCalledWith(
      { source: 'naver-auth', code: 'abc123', state: 's-1' },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
  });

  it('without an opener (cut off on the way back from the provider) it tells the opening tab over a same-origin channel', async () => {
    vi.stubGlobal('opener', null);
    vi.spyOn(window, 'close').mockImplementation(() => {});
    const listener = new BroadcastChannel('naver-auth');
    const received = new Promise<unknown>((resolve) => (listener.onmessage = (e) => resolve(e.data)));

    renderCallback('/auth/naver?code=abc123&state=s-2');

    expect(await received).toEqual({ source: 'naver-auth', code: 'abc123', state: 's-2' });
    listener.close();
  });

  it('without a code (the member refused at the provider) it posts nothing and closes', () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});

    renderCallback('/auth/naver?error=access_denied&state=s-3');

    expect(postMessage).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
  });
});
