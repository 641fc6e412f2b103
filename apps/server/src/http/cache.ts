import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachePolicy } from './contract.ts';

// HTTP caching of public reads: a weak ETag (the data's version when the route has one, else a hash of the reply),
// 304 for a current If-None-Match, and Cache-Control that lets a shared cache serve the read for a while. Browsers
// hold nothing fresh (max-age=0) but Chromium honours stale-while-revalidate too: within that window it shows its
// stale copy once while it refreshes it, so routes whose change players wait for keep the window short.
// Every other reply is `no-store`: nothing with a session's data is ever kept by a shared cache.

export const NO_STORE = 'no-store';

// Each route's policy is one object for the server's life: its header is written once, not on every read.
const cacheControls = new WeakMap<CachePolicy, string>();
export function cacheControlOf(policy: CachePolicy): string {
  let value = cacheControls.get(policy);
  if (value === undefined) {
    value = `public, max-age=0, s-maxage=${policy.sharedSeconds}, stale-while-revalidate=${policy.staleSeconds}`;
    cacheControls.set(policy, value);
  }
  return value;
}

/** A weak validator of `text` (a version, or a reply's JSON or bytes). */
export const weakTag = (text: string | Buffer) =>
  `W/"${createHash('sha1').update(text).digest('base64url').slice(0, 22)}"`;

/** weakTag of a route's data version, hashed once per version (the ranking's changes every few minutes, not per read). */
export function versionTagger(): (version: string) => string {
  let last = '';
  let tag = '';
  return (version) => {
    if (version !== last || !tag) {
      last = version;
      tag = weakTag(version);
    }
    return tag;
  };
}

/** Whether an If-None-Match header names `tag` (or `*`). */
export function isCurrent(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t === tag || t.replace(/^W\//, '') === tag.replace(/^W\//, ''));
}

/** Sets the headers of a cached read; true when the client's copy is current (the caller answers 304). */
export function validate(request: FastifyRequest, reply: FastifyReply, policy: CachePolicy, tag: string): boolean {
  void reply.header('cache-control', cacheControlOf(policy)).header('etag', tag);
  return isCurrent(request.headers['if-none-match'], tag);
}
