import fs from 'node:fs';
import ipaddr from 'ipaddr.js';

const METADATA_MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex');
const METADATA_MAX = 128 * 1024;
const BLOCK = 4096;
const MAX_BLOCKS = 256;

type Value =
  string | number | boolean | bigint | Buffer | Value[] | { [key: string]: Value } | null;

/**
 * A MaxMind DB (.mmdb) read from disk as lookups need it: the file is opened once and only the
 * blocks a lookup touches are read (a small cache keeps the hot top of the search tree), instead
 * of holding the whole database in memory. Follows the MaxMind DB format 2.0 specification.
 */
export class MmdbFile {
  private readonly fd: number;
  private readonly size: number;
  private readonly blocks = new Map<number, Buffer>();
  private readonly nodeCount: number;
  private readonly recordSize: number;
  private readonly nodeBytes: number;
  private readonly dataStart: number;
  private readonly ipVersion: number;
  private ipv4Start: number | undefined;

  constructor(file: string) {
    this.fd = fs.openSync(file, 'r');
    this.size = fs.fstatSync(this.fd).size;
    const tailLength = Math.min(METADATA_MAX, this.size);
    const tail = this.read(this.size - tailLength, tailLength);
    const at = tail.lastIndexOf(METADATA_MARKER);
    if (at < 0) throw new Error(`${file} is not a MaxMind DB file`);
    const metadata = new Decoder(
      (offset, length) => tail.subarray(offset, offset + length),
      at + METADATA_MARKER.length,
    ).decode(at + METADATA_MARKER.length).value as Record<string, Value>;
    this.nodeCount = Number(metadata.node_count);
    this.recordSize = Number(metadata.record_size);
    this.ipVersion = Number(metadata.ip_version);
    if (![24, 28, 32].includes(this.recordSize)) {
      throw new Error(`unsupported record size ${this.recordSize}`);
    }
    this.nodeBytes = this.recordSize / 4;
    this.dataStart = this.nodeCount * this.nodeBytes + 16;
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  /** The record of the network holding `ip`, or null. */
  get(ip: string): Value {
    const address = ipaddr.parse(ip);
    const bytes = address.toByteArray();
    let node = 0;
    if (address.kind() === 'ipv4' && this.ipVersion === 6) node = this.findIpv4Start();
    const bits = bytes.length * 8;
    for (let i = 0; i < bits && node < this.nodeCount; i++) {
      const bit = (bytes[i >> 3]! >> (7 - (i % 8))) & 1;
      node = this.record(node, bit);
    }
    if (node <= this.nodeCount) return null;
    const offset = node - this.nodeCount - 16;
    return new Decoder((o, l) => this.read(this.dataStart + o, l), 0).decode(offset).value;
  }

  private findIpv4Start(): number {
    if (this.ipv4Start === undefined) {
      let node = 0;
      for (let i = 0; i < 96 && node < this.nodeCount; i++) node = this.record(node, 0);
      this.ipv4Start = node;
    }
    return this.ipv4Start;
  }

  private record(node: number, bit: number): number {
    const b = this.read(node * this.nodeBytes, this.nodeBytes);
    if (this.recordSize === 24) return bit ? b.readUIntBE(3, 3) : b.readUIntBE(0, 3);
    if (this.recordSize === 32) return bit ? b.readUInt32BE(4) : b.readUInt32BE(0);
    return bit
      ? (b[3]! & 0x0f) * 2 ** 24 + b.readUIntBE(4, 3)
      : ((b[3]! & 0xf0) >> 4) * 2 ** 24 + b.readUIntBE(0, 3);
  }

  /** `length` bytes at `offset`, from the block cache or the file. */
  private read(offset: number, length: number): Buffer {
    const first = Math.floor(offset / BLOCK);
    const last = Math.floor((offset + length - 1) / BLOCK);
    if (first === last) {
      const block = this.block(first);
      return block.subarray(offset - first * BLOCK, offset - first * BLOCK + length);
    }
    const out = Buffer.alloc(length);
    fs.readSync(this.fd, out, 0, length, offset);
    return out;
  }

  private block(index: number): Buffer {
    let block = this.blocks.get(index);
    if (block) {
      // Most recently used last, so the oldest block is dropped first.
      this.blocks.delete(index);
      this.blocks.set(index, block);
      return block;
    }
    const length = Math.min(BLOCK, this.size - index * BLOCK);
    block = Buffer.alloc(length);
    fs.readSync(this.fd, block, 0, length, index * BLOCK);
    this.blocks.set(index, block);
    if (this.blocks.size > MAX_BLOCKS) this.blocks.delete(this.blocks.keys().next().value!);
    return block;
  }
}

/** The MaxMind DB data section decoder, over a function that reads bytes at offsets. */
class Decoder {
  constructor(
    private readonly read: (offset: number, length: number) => Buffer,
    /** Where pointers count from (the data section, or the metadata start). */
    private readonly base: number,
  ) {}

  decode(offset: number): { value: Value; next: number } {
    const control = this.read(offset++, 1)[0]!;
    let type = control >> 5;
    if (type === 1) {
      const size = (control >> 3) & 0x3;
      const v = control & 0x7;
      const b = this.read(offset, size + 1);
      let pointer: number;
      if (size === 0) pointer = (v << 8) | b[0]!;
      else if (size === 1) pointer = ((v << 16) | (b[0]! << 8) | b[1]!) + 2048;
      else if (size === 2) pointer = v * 2 ** 24 + b.readUIntBE(0, 3) + 526336;
      else pointer = b.readUInt32BE(0);
      return { value: this.decode(pointer + this.base).value, next: offset + size + 1 };
    }
    if (type === 0) type = 7 + this.read(offset++, 1)[0]!;
    let size = control & 0x1f;
    if (size >= 29) {
      const extra = size - 28;
      const b = this.read(offset, extra);
      offset += extra;
      if (size === 29) size = 29 + b[0]!;
      else if (size === 30) size = 285 + b.readUInt16BE(0);
      else size = 65821 + b.readUIntBE(0, 3);
    }
    switch (type) {
      case 2:
        return { value: this.read(offset, size).toString('utf8'), next: offset + size };
      case 3:
        return { value: this.read(offset, 8).readDoubleBE(0), next: offset + 8 };
      case 4:
        return { value: Buffer.from(this.read(offset, size)), next: offset + size };
      case 5:
      case 6:
        return {
          value: size ? this.read(offset, size).readUIntBE(0, size) : 0,
          next: offset + size,
        };
      case 8: {
        if (!size) return { value: 0, next: offset };
        const b = this.read(offset, size);
        return {
          value: size === 4 ? b.readInt32BE(0) : b.readUIntBE(0, size),
          next: offset + size,
        };
      }
      case 9:
      case 10: {
        let value = 0n;
        for (const byte of size ? this.read(offset, size) : [])
          value = (value << 8n) | BigInt(byte);
        return { value, next: offset + size };
      }
      case 7: {
        const map: Record<string, Value> = {};
        let next = offset;
        for (let i = 0; i < size; i++) {
          const key = this.decode(next);
          const value = this.decode(key.next);
          map[String(key.value)] = value.value;
          next = value.next;
        }
        return { value: map, next };
      }
      case 11: {
        const list: Value[] = [];
        let next = offset;
        for (let i = 0; i < size; i++) {
          const item = this.decode(next);
          list.push(item.value);
          next = item.next;
        }
        return { value: list, next };
      }
      case 14:
        return { value: size !== 0, next: offset };
      case 15:
        return { value: this.read(offset, 4).readFloatBE(0), next: offset + 4 };
      default:
        throw new Error(`unsupported MaxMind DB data type ${type}`);
    }
  }
}
