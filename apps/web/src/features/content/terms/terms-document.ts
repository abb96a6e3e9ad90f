export interface TermsArticle {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface TermsDocument {
  title: string;
  /** yyyy-mm-dd the text takes effect. */
  effectiveDate?: string;
  intro: string;
  articles: TermsArticle[];
}
