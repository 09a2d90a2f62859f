/**
 * Every integration file's HTTP client (global fetch) keeps an idle connection 4 s at most. The store closes idle
 * keep-alive connections after 65 s (scripts/server.mjs) and says so; undici would otherwise keep them up to 63 s.
 * A test that builds a large body synchronously (a 150 MB zip bomb takes seconds on a busy core) blocks its event
 * loop while the server closes a pooled connection; the next request is then written into the closed socket and
 * fails with EPIPE or ECONNRESET before the server sees it (security-proxy, 2026-11-30; reproduced with a server
 * closing after 3 s and a client busy for 3.5 s: 12 of 12 uploads failed). With 4 s the race needs a 61 s block.
 */
import { Agent, setGlobalDispatcher } from 'undici';

setGlobalDispatcher(new Agent({ keepAliveTimeout: 4_000, keepAliveMaxTimeout: 4_000 }));
