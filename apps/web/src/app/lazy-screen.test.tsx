import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

function Greeting({ name }: { name: string }) {
  return <h1>{name} 님</h1>;
}

describe('lazyScreen', () => {
  it('shows the page-frame skeleton while the chunk loads, then the screen with its props', async () => {
    let resolve: (module: { default: typeof Greeting }) => void = () => {};
    const Screen = lazyScreen(() => new Promise<{ default: typeof Greeting }>((r) => (resolve = r)));
    render(
      <main>
        <Screen name="member1" />
      </main>,
    );

    // The skeleton sits where the page goes (inside <main>), announced as loading.
    const skeleton = screen.getByRole('status');
    expect(skeleton).toHaveTextContent('페이지를 불러오는 중입니다');
    expect(skeleton).toHaveClass('page');
    expect(screen.getByRole('main')).toContainElement(skeleton);

    await act(async () => resolve({ default: Greeting }));
    expect(await screen.findByRole('heading', { name: 'member1 님' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('preload starts the import once; the render reuses it', async () => {
    let imports = 0;
    const Screen = lazyScreen(() => {
      imports += 1;
      return Promise.resolve({ default: Greeting });
    });
    void Screen.preload();
    void Screen.preload();
    render(<Screen name="guest" />);
    expect(await screen.findByRole('heading', { name: 'guest 님' })).toBeInTheDocument();
    expect(imports).toBe(1);
  });
});
