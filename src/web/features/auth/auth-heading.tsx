import type { ReactNode } from 'react';

/** The card's heading (the page's h1) and its intro line; plain markup keeps the auth chunk small. */
export function AuthHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <div className="fyn-auth-heading">
      <h1 className="fyn-auth-title">{title}</h1>
      {intro && <p className="fyn-auth-intro">{intro}</p>}
    </div>
  );
}
