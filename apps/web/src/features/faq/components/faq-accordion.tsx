import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import type { Qna } from '@/lib/content-api';

interface FaqAccordionProps {
  /** The items to show, each with its index in the full list (the open state is kept by that index). */
  entries: { item: Qna; index: number }[];
  openIndex: number | null;
  onToggle: (index: number) => void;
}

/**
 * The FAQ (docs/product.md#guide-faq-and-terms): 'Q. ' + title; open, 'A. ' + answer with its line breaks.
 * Each question is a button in a heading (WAI-ARIA accordion pattern); its answer is a region labelled by it.
 * Closed answers stay in the DOM (for the 300 ms height animation) but are inert, so they are neither read
 * nor focusable.
 */
export function FaqAccordion({ entries, openIndex, onToggle }: FaqAccordionProps) {
  const baseId = useId();
  return (
    <ul className="faq-list">
      {entries.map(({ item, index }) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <li key={index} className={open ? 'faq-item faq-item-open' : 'faq-item'}>
            <h2 className="faq-question">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(index)}
              >
                <span className="faq-mark">Q.</span> <span className="faq-title">{item.title}</span>
                <ChevronDown className="faq-chevron" size={20} aria-hidden />
              </button>
            </h2>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="faq-panel" inert={!open}>
              <div className="faq-panel-inner">
                {/* Text, never HTML: answers are operator input; pre-line keeps their line breaks. */}
                <p className="faq-answer">
                  <span className="faq-mark">A.</span> {item.answer}
                </p>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
