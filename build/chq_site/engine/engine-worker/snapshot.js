/* The engine worker's snapshot, unpacked as it inflates (build/chq_site/engine.py
 * pack_snapshot makes it).
 */

/** Put the runs of a packed snapshot (build/chq_site/engine.py pack_snapshot: "CHQ1",
 *  the size, the number of runs, each run's offset and length, then the runs' bytes),
 *  read inflated from `stream`, in place in `data`, which is all zeros: the zero
 *  pages, half of Python's memory, are never inflated nor copied. Throws unless it is
 *  exactly what the build made. */
export async function unpackInto(stream, data) {
  const reader = stream.getReader();
  let head = new Uint8Array(0); // the bytes before the runs', until all have come
  let runs = null;
  let run = 0;
  let inRun = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let chunk = value;
    if (!runs) {
      const joined = new Uint8Array(head.byteLength + chunk.byteLength);
      joined.set(head);
      joined.set(chunk, head.byteLength);
      head = joined;
      runs = readRuns(head, data.byteLength);
      if (!runs) continue;
      chunk = head.subarray(12 + 8 * runs.length);
      head = null;
    }
    for (let at = 0; at < chunk.byteLength;) {
      if (run === runs.length) throw new Error("the snapshot is larger than the build made it");
      const [offset, length] = runs[run];
      const n = Math.min(length - inRun, chunk.byteLength - at);
      data.set(chunk.subarray(at, at + n), offset + inRun);
      at += n;
      inRun += n;
      if (inRun === length) {
        run += 1;
        inRun = 0;
      }
    }
  }
  if (!runs || run !== runs.length) throw new Error("the snapshot is shorter than the build made it");
}

/** A packed snapshot's runs, [offset, length] each, from the bytes it begins with
 *  (`head`); null while they have not all come. Throws when they are not a snapshot
 *  of `total` bytes. */
function readRuns(head, total) {
  if (head.byteLength < 12) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (String.fromCharCode(...head.subarray(0, 4)) !== "CHQ1") {
    throw new Error("the snapshot is not one this site packs");
  }
  if (view.getUint32(4, true) !== total) {
    throw new Error(`the snapshot is ${view.getUint32(4, true)} bytes, the build made ${total}`);
  }
  const count = view.getUint32(8, true);
  if (12 + 8 * count > total) throw new Error("the snapshot's list of runs is too long");
  if (head.byteLength < 12 + 8 * count) return null;
  const runs = [];
  for (let i = 0, end = 0; i < count; i++) {
    const offset = view.getUint32(12 + 8 * i, true);
    const length = view.getUint32(16 + 8 * i, true);
    if (offset < end || offset + length > total) throw new Error("the snapshot's runs overlap or overrun");
    runs.push([offset, length]);
    end = offset + length;
  }
  return runs;
}
