//! A small raw-DEFLATE decoder (RFC 1951) for the bundled LGR files
//! (`tables/lgr/*.bin`), after zlib's `puff.c` design: canonical Huffman
//! codes decoded bit by bit, which is fast enough for a few MB.

struct Bits<'a> {
    data: &'a [u8],
    pos: usize,
    bit: u32,
    nbits: u32,
}

/// Code lengths → counts per length and symbols ordered by code.
struct Huffman {
    count: [u16; 16],
    symbol: Vec<u16>,
}

type R<T> = Result<T, &'static str>;

impl Bits<'_> {
    fn need(&mut self, n: u32) -> R<u32> {
        let mut val = u64::from(self.bit);
        while self.nbits < n {
            let b = *self.data.get(self.pos).ok_or("truncated")?;
            self.pos += 1;
            val |= u64::from(b) << self.nbits;
            self.nbits += 8;
        }
        self.bit = (val >> n) as u32;
        self.nbits -= n;
        Ok((val & ((1u64 << n) - 1)) as u32)
    }

    fn decode(&mut self, h: &Huffman) -> R<u16> {
        let (mut code, mut first, mut index) = (0i32, 0i32, 0i32);
        for len in 1..16 {
            code |= self.need(1)? as i32;
            let count = i32::from(h.count[len]);
            if code - count < first {
                return Ok(h.symbol[(index + (code - first)) as usize]);
            }
            index += count;
            first += count;
            first <<= 1;
            code <<= 1;
        }
        Err("bad code")
    }
}

fn huffman(lengths: &[u8]) -> R<Huffman> {
    let mut h = Huffman {
        count: [0; 16],
        symbol: vec![0; lengths.len()],
    };
    for &l in lengths {
        h.count[usize::from(l)] += 1;
    }
    if usize::from(h.count[0]) == lengths.len() {
        return Ok(h);
    }
    let mut left = 1i32;
    for len in 1..16 {
        left <<= 1;
        left -= i32::from(h.count[len]);
        if left < 0 {
            return Err("over-subscribed code");
        }
    }
    let mut offs = [0u16; 16];
    for len in 1..15 {
        offs[len + 1] = offs[len] + h.count[len];
    }
    for (sym, &l) in lengths.iter().enumerate() {
        if l != 0 {
            h.symbol[usize::from(offs[usize::from(l)])] = sym as u16;
            offs[usize::from(l)] += 1;
        }
    }
    Ok(h)
}

const LBASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LEXT: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DBASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
    12289, 16385, 24577,
];
const DEXT: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];

fn codes(s: &mut Bits, out: &mut Vec<u8>, lit: &Huffman, dist: &Huffman) -> R<()> {
    loop {
        let sym = s.decode(lit)?;
        if sym < 256 {
            out.push(sym as u8);
        } else if sym == 256 {
            return Ok(());
        } else {
            let i = usize::from(sym - 257);
            if i >= 29 {
                return Err("bad length symbol");
            }
            let len = usize::from(LBASE[i]) + s.need(u32::from(LEXT[i]))? as usize;
            let d = usize::from(s.decode(dist)?);
            if d >= 30 {
                return Err("bad distance symbol");
            }
            let back = usize::from(DBASE[d]) + s.need(u32::from(DEXT[d]))? as usize;
            if back > out.len() {
                return Err("distance too far back");
            }
            let start = out.len() - back;
            for k in 0..len {
                out.push(out[start + k]);
            }
        }
    }
}

/// Decompresses a raw DEFLATE stream.
pub(crate) fn inflate(data: &[u8]) -> Result<Vec<u8>, &'static str> {
    let mut s = Bits {
        data,
        pos: 0,
        bit: 0,
        nbits: 0,
    };
    let mut out = Vec::with_capacity(data.len() * 8);
    loop {
        let last = s.need(1)?;
        match s.need(2)? {
            0 => {
                s.bit = 0;
                s.nbits = 0;
                let hdr = data.get(s.pos..s.pos + 4).ok_or("truncated")?;
                let len = usize::from(u16::from_le_bytes([hdr[0], hdr[1]]));
                s.pos += 4;
                out.extend_from_slice(data.get(s.pos..s.pos + len).ok_or("truncated")?);
                s.pos += len;
            }
            1 => {
                let mut l = [0u8; 288];
                l[..144].fill(8);
                l[144..256].fill(9);
                l[256..280].fill(7);
                l[280..].fill(8);
                codes(&mut s, &mut out, &huffman(&l)?, &huffman(&[5u8; 30])?)?;
            }
            2 => {
                let nlen = s.need(5)? as usize + 257;
                let ndist = s.need(5)? as usize + 1;
                let ncode = s.need(4)? as usize + 4;
                const ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
                let mut cl = [0u8; 19];
                for &o in &ORDER[..ncode] {
                    cl[o] = s.need(3)? as u8;
                }
                let lencode = huffman(&cl)?;
                let mut lengths = vec![0u8; nlen + ndist];
                let mut i = 0;
                while i < nlen + ndist {
                    let sym = s.decode(&lencode)?;
                    let (val, rep) = match sym {
                        0..=15 => (sym as u8, 1),
                        16 => (
                            *lengths.get(i.wrapping_sub(1)).ok_or("repeat without length")?,
                            3 + s.need(2)? as usize,
                        ),
                        17 => (0, 3 + s.need(3)? as usize),
                        _ => (0, 11 + s.need(7)? as usize),
                    };
                    if i + rep > nlen + ndist {
                        return Err("too many lengths");
                    }
                    lengths[i..i + rep].fill(val);
                    i += rep;
                }
                let lit = huffman(&lengths[..nlen])?;
                let dist = huffman(&lengths[nlen..])?;
                codes(&mut s, &mut out, &lit, &dist)?;
            }
            _ => return Err("bad block type"),
        }
        if last == 1 {
            return Ok(out);
        }
    }
}
