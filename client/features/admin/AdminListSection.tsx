import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';

/** The part of a list query's state that a section shows. */
export interface ListQuery<Row> {
  isLoading: boolean;
  isError: boolean;
  data: Row[] | undefined;
  refetch: () => unknown;
}

/**
 * How prominent a section is. The page's main list announces its loading, offers a retry and
 * shows its empty text large; the lists of what needs attention below it stay compact.
 */
type Prominence =
  | { prominence: 'main'; loadingText: string; errorText: string }
  | { prominence: 'attention'; description: string };

type AdminListSectionProps<Row> = Prominence & {
  headingId: string;
  title: string;
  query: ListQuery<Row>;
  emptyText: string;
  /** The rows, shown only once there is at least one. */
  children: (rows: Row[]) => ReactNode;
};

/** A titled region holding one admin list: loading, failed, empty, or its rows. */
export function AdminListSection<Row>(props: AdminListSectionProps<Row>) {
  const { headingId, title, query, emptyText, children } = props;
  const main = props.prominence === 'main';
  let body: ReactNode;
  if (query.isLoading) {
    body = main ? (
      <p role="status" className="text-muted">
        {props.loadingText}
      </p>
    ) : (
      <p className="text-muted">Loading...</p>
    );
  } else if (query.isError) {
    body = main ? (
      <div role="alert" className="rounded-md border border-destructive p-4 text-destructive">
        {props.errorText}{' '}
        <Button variant="link" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    ) : (
      <p role="alert" className="text-destructive">
        Could not load this list.
      </p>
    );
  } else if (query.data && query.data.length > 0) {
    body = children(query.data);
  } else {
    body = (
      <p className={`rounded-lg border border-border bg-card text-muted ${main ? 'p-8 text-center' : 'p-4'}`}>
        {emptyText}
      </p>
    );
  }

  return (
    <section aria-labelledby={headingId} className={main ? 'mt-8' : 'mt-10'}>
      <h2 id={headingId} className={main ? 'mb-4 text-xl font-semibold' : 'text-xl font-semibold'}>
        {title}
      </h2>
      {props.prominence === 'attention' && <p className="mb-3 text-sm text-muted">{props.description}</p>}
      {body}
    </section>
  );
}

/** Cell classes, exported for cells that add their own (wrapping, monospace). */
export const CELL = 'px-3 py-2 align-top';

/** A table of one admin list's rows, scrolling sideways on narrow screens. */
export function AdminTable<Row extends { id: number }>({
  columns,
  rows,
  rowTestId,
  cells,
}: {
  columns: string[];
  rows: Row[];
  rowTestId?: string;
  /** The row's <td> cells, one per column. */
  cells: (row: Row) => ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full text-sm">
        <thead className="border-b border-border bg-subtle">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-left font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-border last:border-0" data-testid={rowTestId}>
              {cells(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
