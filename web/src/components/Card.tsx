import type { ReactNode } from 'react';

interface CardProps {
  title?: string;
  className?: string;
  children: ReactNode;
  as?: 'section' | 'div' | 'article';
}

export function Card({ title, className, children, as: Tag = 'section' }: CardProps) {
  return (
    <Tag className={`card${className ? ` ${className}` : ''}`}>
      {title ? <h2 className="card__title">{title}</h2> : null}
      {children}
    </Tag>
  );
}
