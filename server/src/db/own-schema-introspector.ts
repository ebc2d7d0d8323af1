import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/*
 * Kysely's PostgreSQL introspection lists the tables of every schema of the database, calling
 * has_schema_privilege and pg_get_serial_sequence on each by name. Its migrator asks it whether its own
 * tables exist, so a migration read the catalogue of every neighbour: a schema another program dropped, or
 * a column another migration changed, while the list was read failed the query ("schema ... does not
 * exist", "column ... does not exist"; two test files side by side met both). This introspector sees the
 * connection's current schema only, through plain catalogue columns.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return rows.map((row) => ({ name: row.name }));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      kind: string;
      column: string;
      type: string;
      type_schema: string;
      not_null: boolean;
      has_default: boolean;
      identity: string;
      serial: boolean;
    }>`
      select ns.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column,
             typ.typname as type, tns.nspname as type_schema, a.attnotnull as not_null,
             a.atthasdef as has_default, a.attidentity as identity,
             coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) as serial
      from pg_catalog.pg_namespace ns
      join pg_catalog.pg_class c on c.relnamespace = ns.oid
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum > 0
        and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && row.table.startsWith('kysely_migration')) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        // A serial column's default is nextval(...); an identity column is marked in attidentity.
        isAutoIncrementing: row.serial || row.identity !== '',
        hasDefaultValue: row.has_default || row.identity !== '',
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect, introspecting the current schema only. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
