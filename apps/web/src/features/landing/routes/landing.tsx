import type { ReactNode } from 'react';
import { BannerSection } from '../components/banner-section';
import { Hero } from '../components/hero';
import { LandingHeader } from '../components/landing-header';
import { ReviewsCarousel } from '../components/reviews-carousel';
import { Strengths } from '../components/strengths';
import '../components/landing.css';

/** Landing (docs/product.md#landing). `headerExtra` lets the app slot in shared controls (theme toggle). */
export function LandingRoute({ headerExtra }: { headerExtra?: ReactNode }) {
  return (
    <>
      <LandingHeader extra={headerExtra} />
      <main className="landing">
        <Hero />
        <Strengths />
        <ReviewsCarousel />
        <BannerSection />
      </main>
    </>
  );
}
