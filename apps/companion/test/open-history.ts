// The history database opened as the server opens it, for tests that fill or read it directly.
import { HistoryStore } from '../src/recorder/db/history-store';
import { openDatabase, type OpenOptions } from '../src/recorder/db/open';
import { PushQueue } from '../src/recorder/db/push-queue';
import type { Connection } from '../src/recorder/db/connection';

export interface OpenHistory {
  connection: Connection;
  store: HistoryStore;
  pushQueue: PushQueue;
  close: () => void;
}

export function openHistory(dir: string, options: OpenOptions = {}): OpenHistory {
  const connection = openDatabase(dir, options);
  return {
    connection,
    store: new HistoryStore(connection),
    pushQueue: new PushQueue(connection),
    close: () => connection.close(),
  };
}
