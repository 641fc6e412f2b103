import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { EXPORT_AT, type Item, type Value } from './catalogue.ts';

// The two ways Unitemate's data leaves DynamoDB: its scripts' plain JSON (json.dump(scan, ensure_ascii=False,
// indent=2, default=str): DynamoDB's Decimals become strings) and DynamoDB's export to S3 in DYNAMODB_JSON format
// (manifest-summary.json, manifest-files.json, data/*.json.gz of one {"Item": …} per line).

export type Files = Map<string, Buffer>;

/** Numbers as their decimal text, as default=str writes a Decimal. */
function numbersAsText(value: Value): Value {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(numbersAsText);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbersAsText(v)]));
  }
  return value;
}

/** A JSON array file; `decimalsAsText` for json.dump's default=str, else numbers stay numbers (decimal_default). */
export function plainJson(items: readonly Item[], decimalsAsText = true): Buffer {
  const values = decimalsAsText ? items.map(numbersAsText) : items;
  return Buffer.from(JSON.stringify(values, null, 2), 'utf8');
}

/** DynamoDB's marshalled form of a value (boto3 writes Python lists as L and dicts as M). */
export function marshal(value: Value): Item {
  if (value === null) return { NULL: true };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (Array.isArray(value)) return { L: value.map(marshal) };
  return { M: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, marshal(v)])) };
}

export function exportLines(items: readonly Item[]): string {
  return items.map((item) => `${JSON.stringify({ Item: marshal(item).M })}\n`).join('');
}

const hash = (text: string, encoding: 'hex' | 'base64' = 'hex') => createHash('sha1').update(text).digest(encoding);
const md5 = (bytes: Buffer, encoding: 'hex' | 'base64') => createHash('md5').update(bytes).digest(encoding);

/** A stable, S3-key-like name (26 lower-case characters) for a data file. */
function dataName(seed: string): string {
  return hash(seed, 'base64')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 26);
}

export interface ExportSpec {
  /** Folder under the fixture root, e.g. dynamodb/users. */
  folder: string;
  /** The DynamoDB table name, e.g. unitemate-v2-users-prod. */
  table: string;
  items: readonly Item[];
  /** Data files (DynamoDB writes at least one per partition). */
  parts: number;
}

/** The files of one table's export, as downloaded from the bucket (prefix "fixture"). */
export function dynamoExport(spec: ExportSpec, files: Files): void {
  const exportId = `01766232000000-${hash(spec.table).slice(0, 8)}`;
  const base = `${spec.folder}/AWSDynamoDB/${exportId}`;
  const s3Base = `fixture/AWSDynamoDB/${exportId}`;
  const manifest: string[] = [];
  for (let part = 0; part < spec.parts; part++) {
    const items = spec.items.filter((_, i) => i % spec.parts === part);
    const gz = gzipSync(Buffer.from(exportLines(items), 'utf8'));
    const name = `${dataName(`${spec.table}/${part}`)}.json.gz`;
    files.set(`${base}/data/${name}`, gz);
    const entry = {
      itemCount: items.length,
      md5Checksum: md5(gz, 'base64'),
      etag: md5(gz, 'hex'),
      dataFileS3Key: `${s3Base}/data/${name}`,
    };
    manifest.push(JSON.stringify(entry));
  }
  const manifestFiles = Buffer.from(`${manifest.join('\n')}\n`, 'utf8');
  const time = new Date(EXPORT_AT * 1000).toISOString();
  const tableArn = `arn:aws:dynamodb:ap-northeast-1:000000000000:table/${spec.table}`;
  const summary = {
    version: '2020-06-30',
    exportArn: `${tableArn}/export/${exportId}`,
    startTime: time,
    endTime: time,
    tableArn,
    tableId: hash(`${spec.table}/id`).slice(0, 32),
    exportTime: time,
    s3Bucket: 'unitemate-fixture-export',
    s3Prefix: 'fixture',
    s3SseAlgorithm: 'AES256',
    s3SseKmsKeyId: null,
    manifestFilesS3Key: `${s3Base}/manifest-files.json`,
    billedSizeBytes: 0,
    itemCount: spec.items.length,
    outputFormat: 'DYNAMODB_JSON',
    exportType: 'FULL_EXPORT',
  };
  const summaryBytes = Buffer.from(JSON.stringify(summary, null, 2), 'utf8');
  files.set(`${base}/manifest-summary.json`, summaryBytes);
  files.set(`${base}/manifest-summary.checksum`, Buffer.from(md5(summaryBytes, 'hex'), 'utf8'));
  files.set(`${base}/manifest-files.json`, manifestFiles);
  files.set(`${base}/manifest-files.checksum`, Buffer.from(md5(manifestFiles, 'hex'), 'utf8'));
  files.set(`${base}/_started`, Buffer.alloc(0));
}
