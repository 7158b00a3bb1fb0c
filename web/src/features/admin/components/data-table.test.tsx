import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

const rows = [
  { id: 1, name: 'Nova Lane' },
  { id: 2, name: 'Glass City' },
];

describe('DataTable', () => {
  it("names the column of a row's actions for screen readers, without showing it", () => {
    render(
      <DataTable
        label="Artists"
        rows={rows}
        isLoading={false}
        empty={null}
        columns={[
          { key: 'name', header: 'Name', cell: (row) => row.name },
          {
            key: 'actions',
            header: '',
            cell: (row) => <button type="button">{`Edit ${row.name}`}</button>,
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Artists' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Actions']);
    expect(within(headers[1]!).getByText('Actions').className).toContain('sr-only');
    expect(within(headers[0]!).getByText('Name').className).not.toContain('sr-only');
  });
});
