import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CamelCasePlugin, sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { freshDatabaseUrl } from './harness.js';

/**
 * The Kysely types of the tables (the `Database` type of src/db/schema.ts) against the tables a
 * fresh database has after every migration: the same tables, the same columns, the same
 * nullability, and a default behind every column typed `Generated<>`. The types are read with
 * the TypeScript compiler, so the hand-written types (status unions, Generated<>) stay the
 * source and this test says where they and the migrations part ways.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = path.join(serverRoot, 'src/db/schema.ts');

/** Kysely's own bookkeeping (db/migrate.ts), not the application's. */
const MIGRATOR_TABLES = new Set(['procura_migration', 'procura_migration_lock']);

type DbColumn = { nullable: boolean; hasDefault: boolean };
type TypedColumn = { property: string; nullable: boolean; generated: boolean; optional: boolean; loose: boolean };
type TypedTable = { property: string; typeName: string; columns: Map<string, TypedColumn> };

/** The snake_case name the application's CamelCasePlugin gives a property: its own mapper, not a copy. */
class SnakeCase extends CamelCasePlugin {
  of(name: string): string {
    return this.snakeCase(name);
  }
}
const snake = new SnakeCase();

/** The tables of the `Database` type, keyed by their snake_case names in SQL. */
function typedTables(): Map<string, TypedTable> {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(serverRoot, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('cannot read apps/server/tsconfig.json');
  // Only the schema and what it imports (no Node types): not a project build, so no composite bookkeeping.
  const options = {
    ...parsed.options,
    composite: false,
    declaration: false,
    noEmit: true,
    incremental: false,
    types: [],
  };
  const program = ts.createProgram({ rootNames: [schemaFile], options });
  const errors = ts.getPreEmitDiagnostics(program);
  if (errors.length > 0)
    throw new Error(
      ts.formatDiagnostics(errors, {
        ...ts.sys,
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => serverRoot,
        getNewLine: () => '\n',
      }),
    );
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(schemaFile)!)!;
  const database = checker.getExportsOfModule(module).find((s) => s.name === 'Database');
  if (!database) throw new Error('src/db/schema.ts exports no Database type');

  const isNullable = (type: ts.Type) =>
    (type.flags & ts.TypeFlags.Null) !== 0 || (type.isUnion() && type.types.some((t) => t.flags & ts.TypeFlags.Null));
  const hasUndefined = (type: ts.Type) =>
    (type.flags & ts.TypeFlags.Undefined) !== 0 ||
    (type.isUnion() && type.types.some((t) => t.flags & ts.TypeFlags.Undefined));

  const tables = new Map<string, TypedTable>();
  for (const table of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(database))) {
    const tableType = checker.getTypeOfSymbol(table);
    const typeName = tableType.aliasSymbol?.name ?? checker.typeToString(tableType);
    const columns = new Map<string, TypedColumn>();
    for (const column of checker.getPropertiesOfType(tableType)) {
      const type = checker.getTypeOfSymbol(column);
      // ColumnType<Select, Insert, Update> (and Generated<T>, one of them) carries its types in
      // phantom properties: the select type says null, the insert type says it may be left out.
      const select = type.getProperty('__select__');
      const insert = type.getProperty('__insert__');
      const selectType = select ? checker.getTypeOfSymbol(select) : type;
      columns.set(snake.of(column.name), {
        property: column.name,
        nullable: isNullable(selectType),
        generated: insert ? hasUndefined(checker.getTypeOfSymbol(insert)) : false,
        optional: (column.flags & ts.SymbolFlags.Optional) !== 0,
        loose: (selectType.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0,
      });
    }
    tables.set(snake.of(table.name), { property: table.name, typeName, columns });
  }
  return tables;
}

/** The tables of the migrated database: column name → nullability and default. */
async function databaseTables(opened: OpenDatabase): Promise<Map<string, Map<string, DbColumn>>> {
  const db = opened.db.withoutPlugins();
  type Row = { tableName: string; columnName: string; nullable: boolean; hasDefault: boolean };
  let rows: Row[];
  if (opened.kind === 'sqlite') {
    const result = await sql<{
      table_name: string;
      column_name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>`select m.name as table_name, p.name as column_name, p.type, p."notnull", p.dflt_value, p.pk
         from sqlite_master m join pragma_table_info(m.name) p
        where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db);
    rows = result.rows.map((r) => ({
      tableName: r.table_name,
      columnName: r.column_name,
      // SQLite lets a primary key column other than INTEGER hold null unless declared NOT NULL;
      // PostgreSQL never does, and the application never stores one.
      nullable: r.notnull === 0 && r.pk === 0,
      // An INTEGER PRIMARY KEY is the rowid: SQLite numbers it when left out.
      hasDefault: r.dflt_value !== null || (r.pk > 0 && r.type.toUpperCase() === 'INTEGER'),
    }));
  } else {
    const result = await sql<{
      table_name: string;
      column_name: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
    }>`select c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_identity
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db);
    rows = result.rows.map((r) => ({
      tableName: r.table_name,
      columnName: r.column_name,
      nullable: r.is_nullable === 'YES',
      hasDefault: r.column_default !== null || r.is_identity === 'YES',
    }));
  }
  const tables = new Map<string, Map<string, DbColumn>>();
  for (const r of rows) {
    if (MIGRATOR_TABLES.has(r.tableName)) continue;
    if (!tables.has(r.tableName)) tables.set(r.tableName, new Map());
    tables.get(r.tableName)!.set(r.columnName, { nullable: r.nullable, hasDefault: r.hasDefault });
  }
  return tables;
}

/** Every difference, one line each, naming the table, the column and the type property. */
function differences(typed: Map<string, TypedTable>, actual: Map<string, Map<string, DbColumn>>): string[] {
  const out: string[] = [];
  for (const [name, table] of typed) {
    if (!actual.has(name)) out.push(`${table.typeName} (Database.${table.property}): no table ${name} in the database`);
  }
  for (const [name, columns] of actual) {
    const table = typed.get(name);
    if (!table) {
      out.push(`table ${name}: in the database but not in the Database type`);
      continue;
    }
    const where = (c: TypedColumn) => `${table.typeName}.${c.property}`;
    for (const [column, typedColumn] of table.columns) {
      if (!columns.has(column)) out.push(`${where(typedColumn)}: no column ${name}.${column} in the database`);
    }
    for (const [column, dbColumn] of columns) {
      const c = table.columns.get(column);
      const at = `${name}.${column}`;
      if (!c) {
        out.push(`${at}: in the database but not in ${table.typeName}`);
        continue;
      }
      if (c.loose) out.push(`${where(c)}: typed any or unknown; give ${at} its type`);
      if (c.optional)
        out.push(`${where(c)}: an optional property; use Generated<> for a default or | null for a nullable column`);
      if (dbColumn.nullable && !c.nullable) out.push(`${at}: nullable in the database, but ${where(c)} has no | null`);
      if (!dbColumn.nullable && c.nullable) out.push(`${at}: NOT NULL in the database, but ${where(c)} allows null`);
      if (c.generated && !dbColumn.hasDefault && !dbColumn.nullable)
        out.push(`${at}: ${where(c)} is Generated<> (may be left out of an insert), but the column has no default`);
    }
  }
  return out.sort();
}

describe('table types', () => {
  let opened: OpenDatabase;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabaseUrl(false);
    drop = fresh.drop;
    opened = openDatabase(fresh.url);
    await migrateToLatest(opened.db);
  });

  afterAll(async () => {
    await opened?.close();
    await drop?.();
  });

  it('match the columns of a freshly migrated database', async () => {
    const typed = typedTables();
    // Guards the reader itself: an empty or unreadable Database type would compare as "no tables".
    expect(typed.get('sys_user')?.columns.get('password_hash')).toMatchObject({ property: 'passwordHash' });
    expect(differences(typed, await databaseTables(opened))).toEqual([]);
  });
});

describe('the comparison', () => {
  const typed = (columns: Record<string, Partial<TypedColumn>>): Map<string, TypedTable> =>
    new Map([
      [
        'thing',
        {
          property: 'thing',
          typeName: 'ThingTable',
          columns: new Map(
            Object.entries(columns).map(([name, c]) => [
              snake.of(name),
              { property: name, nullable: false, generated: false, optional: false, loose: false, ...c },
            ]),
          ),
        },
      ],
    ]);
  const db = (columns: Record<string, Partial<DbColumn>>) =>
    new Map([
      ['thing', new Map(Object.entries(columns).map(([n, c]) => [n, { nullable: false, hasDefault: false, ...c }]))],
    ]);

  it('names the table and the column that differ', () => {
    expect(differences(typed({ id: {}, doneAt: {} }), db({ id: {}, done_on: {} }))).toEqual([
      'ThingTable.doneAt: no column thing.done_at in the database',
      'thing.done_on: in the database but not in ThingTable',
    ]);
    expect(differences(new Map(), db({ id: {} }))).toEqual([
      'table thing: in the database but not in the Database type',
    ]);
    expect(differences(typed({ id: {} }), new Map())).toEqual([
      'ThingTable (Database.thing): no table thing in the database',
    ]);
  });

  it('checks nullability both ways and the defaults behind Generated<>', () => {
    expect(
      differences(
        typed({ a: {}, b: { nullable: true }, c: { generated: true }, d: { optional: true } }),
        db({ a: { nullable: true }, b: {}, c: {}, d: { hasDefault: true } }),
      ),
    ).toEqual([
      'ThingTable.d: an optional property; use Generated<> for a default or | null for a nullable column',
      'thing.a: nullable in the database, but ThingTable.a has no | null',
      'thing.b: NOT NULL in the database, but ThingTable.b allows null',
      'thing.c: ThingTable.c is Generated<> (may be left out of an insert), but the column has no default',
    ]);
  });
});
