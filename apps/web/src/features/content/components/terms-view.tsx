import type { TermsDocument } from '../terms/terms-document';
import './content.css';

export function TermsView({ document, company }: { document: TermsDocument; company: string }) {
  return (
    <article className="terms">
      <header className="terms-head">
        <p className="terms-company">{company}</p>
        <h1>{document.title}</h1>
        {document.effectiveDate && <p className="terms-date">시행일자: {document.effectiveDate}</p>}
      </header>
      <p className="terms-intro">{document.intro}</p>
      {document.articles.map((article) => (
        <section key={article.heading} className="terms-article">
          <h2>{article.heading}</h2>
          {article.paragraphs?.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {article.items && (
            <ol>
              {article.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </article>
  );
}
