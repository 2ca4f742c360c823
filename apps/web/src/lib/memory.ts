// Memory figures derived from the system status (spec §9).

/** Used share of a memory in whole percent; 0 when the memory does not exist (no PSRAM). */
export function usedPercent(used: number, total: number): number {
  return total > 0 ? Math.round((used / total) * 100) : 0;
}

export interface HeapFigures {
  heap_total: number;
  heap_used: number;
  heap_min_free: number;
  heap_max_block: number;
}

export interface HeapDetails {
  /** Free heap right now, bytes. */
  totalFree: number;
  /** The largest block one allocation can get, bytes. */
  largestFreeBlock: number;
  /** The most the heap was ever used since boot: total - lowest free, bytes. */
  maxUsage: number;
  /** 1 - largest block / free, in percent: how split up the free heap is. */
  fragmentation: number;
}

export function heapDetails(status: HeapFigures): HeapDetails {
  const totalFree = status.heap_total - status.heap_used;
  return {
    totalFree,
    largestFreeBlock: status.heap_max_block,
    maxUsage: status.heap_total - status.heap_min_free,
    fragmentation: totalFree > 0 ? (1 - status.heap_max_block / totalFree) * 100 : 0,
  };
}
