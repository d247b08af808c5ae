/** A table's header row: one column header per translated title. */
export function TableHead({ headers }: { headers: readonly string[] }) {
  return (
    <thead>
      <tr>
        {headers.map((h) => (
          <th key={h} scope="col">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}
