import type { ReactNode } from 'react';
import type { PageMeta as Meta } from '../../../contract/pages';
import { PageMeta } from './page-meta';

/** A page's main column with its metadata and one h1. */
export function Page({
  meta,
  title,
  children,
  wide,
}: {
  meta: Meta;
  title?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`mx-auto w-full px-4 py-8 ${wide ? 'max-w-6xl' : 'max-w-3xl'}`}>
      <PageMeta meta={meta} />
      {title && <h1 className="mb-6 text-3xl font-bold tracking-tight">{title}</h1>}
      {children}
    </div>
  );
}
