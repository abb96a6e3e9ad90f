import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTENT_MESSAGES, POPUP_IMAGE_MAX_BYTES } from '@smm/domain';
import type { AdminPopup } from '@smm/domain/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, type RecordedCall, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { PopupsScreen } from './popups-screen';
import { adminContentApi, pathOf } from '@smm/domain/endpoints';

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);
const POPUPS: AdminPopup[] = [
  {
    id: 7,
    enabled: true,
    imageUrl: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
    createdAt: '2026-11-22T09:00:00.000Z',
  },
  { id: 3, enabled: false, imageUrl: '/demo/popup-welcome.svg', createdAt: '2026-11-01T01:00:00.000Z' },
];

function setup() {
  const api = mockApi({
    [on(adminContentApi.popups)]: POPUPS,
    [on(adminContentApi.uploadPopup)]: () => json({ popup: { ...POPUPS[0], id: 8 }, changed: true }),
    [on(adminContentApi.setPopupEnabled, { id: 7 })]: (call: RecordedCall) =>
      json({ popup: { ...POPUPS[0], ...(call.body as object) }, changed: true }),
    [on(adminContentApi.deletePopup, { id: 7 })]: () => json({ changed: true }),
  });
  renderWithProviders(<PopupsScreen />);
  return api;
}
const sent = (api: ReturnType<typeof setup>, method: string) => api.calls.filter((c) => c.method === method);

describe('popups screen', () => {
  it('refuses an HTML file named x.png before sending anything', async () => {
    const user = userEvent.setup();
    const api = setup();
    const html = new File(['<!doctype html><script>alert(1)</script>'], 'x.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('이미지 파일'), html);
    expect(await screen.findByText(CONTENT_MESSAGES.IMAGE_TYPE)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '올릴 이미지 미리보기' })).not.toBeInTheDocument();
    const submit = screen.getByRole('button', { name: '올리기' });
    expect(submit).toBeDisabled();
    await user.click(submit);
    expect(sent(api, 'POST')).toEqual([]);
  });

  it('refuses an image over the size limit before sending it', async () => {
    const user = userEvent.setup();
    const api = setup();
    const big = new Uint8Array(POPUP_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    await user.upload(
      screen.getByLabelText('이미지 파일'),
      new File([big], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(CONTENT_MESSAGES.IMAGE_TOO_LARGE)).toBeInTheDocument();
    expect(sent(api, 'POST')).toEqual([]);
  });

  it('previews a real image, then uploads it as multipart with the 노출 choice', async () => {
    // The file dialog's "all files" lets any name through; the check reads the bytes.
    const user = userEvent.setup({ applyAccept: false });
    const api = setup();
    // The name and the reported type are not what decides: the bytes are a PNG.
    await user.upload(screen.getByLabelText('이미지 파일'), new File([PNG], 'banner.bin', { type: '' }));
    const preview = await screen.findByRole('img', { name: '올릴 이미지 미리보기' });
    expect(preview.getAttribute('src')).toMatch(/^data:/);
    await user.click(screen.getByRole('checkbox', { name: '올리자마자 노출' }));
    await user.click(screen.getByRole('button', { name: '올리기' }));
    await waitFor(() => expect(sent(api, 'POST')).toHaveLength(1));
    const init = api.fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')![1]!;
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('enabled')).toBe('false');
    expect((form.get('image') as File).name).toBe('banner.bin');
    expect(await screen.findByText('팝업을 올렸습니다. (숨김)')).toBeInTheDocument();
  });

  it('lists thumbnails with a 노출 switch and a confirmed 삭제', async () => {
    const user = userEvent.setup();
    const api = setup();
    const list = await screen.findByRole('list', { name: '팝업 목록' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(POPUPS.map((p) => p.imageUrl));
    const shown = within(list).getByRole('switch', { name: '팝업 #7 노출' });
    expect(shown).toBeChecked();
    expect(within(list).getByRole('switch', { name: '팝업 #3 노출' })).not.toBeChecked();

    await user.click(shown);
    await waitFor(() => expect(sent(api, 'PATCH')[0]).toMatchObject({ body: { enabled: false } }));

    await user.click(within(list).getByRole('button', { name: '팝업 #7 삭제' }));
    expect(sent(api, 'DELETE')).toEqual([]);
    await user.click(within(list).getByRole('button', { name: '삭제 확인' }));
    await waitFor(() => expect(sent(api, 'DELETE')).toHaveLength(1));
    expect(sent(api, 'DELETE')[0]?.path).toBe(pathOf(adminContentApi.setPopupEnabled, { id: 7 }));
  });
});
