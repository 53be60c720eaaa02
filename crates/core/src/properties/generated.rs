//! Per-code-point tables computed ahead of time from the rules that answer
//! them at run time: a zone file's first thousands of names would otherwise
//! pay for computing each character's value when first asked for (and for
//! touching the pages of a lazily filled table), as ICU's precompiled data
//! does not (`docs/design.md`). The rule stays the one place of the
//! answer: each table is checked against it for every code point it holds
//! (`check`), and rewritten from it with `REGENERATE_TABLES=1`.
//!
//! A file in `tables/generated/` holds, little-endian: the number of code
//! points it covers (`u32`, from U+0000, a multiple of [`BLOCK`]) and of
//! distinct blocks (`u32`); then a `u16` block number per [`BLOCK`] code
//! points; then the distinct blocks, [`BLOCK`] values of
//! [`Small::BYTES`] bytes each.

use super::Small;
use std::marker::PhantomData;

/// Code points per block: small enough that the blocks repeat often.
pub const BLOCK: usize = 64;

/// A generated table of `T` (see the module's documentation), made by
/// [`generated!`] from its file.
pub struct Generated<T> {
    /// The file's name in `tables/generated/`, without `.bin`.
    name: &'static str,
    /// A block number per [`BLOCK`] code points from U+0000: as many as
    /// the table covers.
    index: &'static [u16],
    /// The blocks' values, [`Small::BYTES`] bytes or one bit each.
    values: &'static [u8],
    kind: PhantomData<T>,
}

/// The generated table in `tables/generated/<name>.bin`, its block
/// numbers decoded at compile time. Exported for the application crate's
/// tables (`chars`, the browsers' rules), whose build script names the same
/// `tables/` folder.
#[doc(hidden)]
#[macro_export]
macro_rules! generated {
    ($name:literal) => {{
        const BYTES: &[u8] = include_bytes!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/generated/", $name, ".bin"));
        static INDEX: [u16; $crate::properties::generated::index_length(BYTES)] = $crate::properties::generated::index(BYTES);
        $crate::properties::generated::Generated::new($name, &INDEX, BYTES)
    }};
}
pub use crate::generated;

/// A little-endian `u32` at `at` of `bytes`, in a constant.
const fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// The block numbers of the file `bytes` (none for an empty file).
pub const fn index_length(bytes: &[u8]) -> usize {
    match bytes.is_empty() {
        true => 0,
        false => u32_at(bytes, 0) as usize / BLOCK,
    }
}

/// The block numbers of the file `bytes`, decoded.
pub const fn index<const N: usize>(bytes: &[u8]) -> [u16; N] {
    let mut index = [0; N];
    let mut at = 0;
    while at < N {
        index[at] = u16::from_le_bytes([bytes[8 + 2 * at], bytes[9 + 2 * at]]);
        at += 1;
    }
    index
}

impl<T> std::fmt::Debug for Generated<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Generated({})", self.name)
    }
}

impl<T: Small> Generated<T> {
    /// The table of the file `bytes` whose block numbers are `index`
    /// (an empty file covers nothing: every value is computed, and `check`
    /// fails). Panics, at compile time, on a file of the wrong length.
    pub const fn new(name: &'static str, index: &'static [u16], bytes: &'static [u8]) -> Self {
        let values = match bytes.is_empty() {
            true => bytes,
            false => {
                let (_, values) = bytes.split_at(8 + 2 * index.len());
                let blocks = u32_at(bytes, 4) as usize;
                assert!(values.len() == blocks * block_bytes::<T>(), "a generated table's length");
                values
            }
        };
        Generated {
            name,
            index,
            values,
            kind: PhantomData,
        }
    }

    /// `compute(c)`: from the table for a code point it covers, computed
    /// beyond it.
    #[inline(always)]
    pub fn get(&self, c: char, compute: impl Fn(char) -> T) -> T {
        self.lookup(c).unwrap_or_else(|| compute(c))
    }

    /// The value of `c` in the table; `None` beyond it.
    #[inline(always)]
    pub fn lookup(&self, c: char) -> Option<T> {
        let code = c as usize;
        let &block = self.index.get(code / BLOCK)?;
        if T::ONE_BIT {
            let byte = self.values[usize::from(block) * block_bytes::<T>() + code % BLOCK / 8];
            return Some(T::from_bits(u32::from(byte >> (code % 8) & 1)));
        }
        let at = (usize::from(block) * BLOCK + code % BLOCK) * T::BYTES;
        let bits = match T::BYTES {
            1 => u32::from(self.values[at]),
            2 => u32::from(u16::from_le_bytes(self.values[at..at + 2].try_into().expect("two bytes"))),
            _ => u32::from_le_bytes(self.values[at..at + 4].try_into().expect("four bytes")),
        };
        Some(T::from_bits(bits))
    }
}

#[cfg(any(test, feature = "test-support"))]
impl<T: Small> Generated<T> {
    /// Asserts that the table covers U+0000 to `limit` and holds
    /// `compute`'s value for each of those code points; with the
    /// environment variable `REGENERATE_TABLES` set, writes the file anew
    /// from `compute` first (run twice when one table's rule reads another
    /// generated table).
    pub fn check(&self, limit: usize, compute: impl Fn(char) -> T) {
        let values: Vec<u32> = (0..limit as u32)
            .map(|code| char::from_u32(code).map_or(0, |c| compute(c).bits()))
            .collect();
        if std::env::var_os("REGENERATE_TABLES").is_some() {
            let path = format!("{}/generated/{}.bin", env!("IDNA_INSPECTOR_TABLES"), self.name);
            std::fs::write(&path, encode::<T>(&values)).expect("the generated table is written");
            // The program holds the file as it was when compiled.
            return;
        }
        assert_eq!(
            self.index.len() * BLOCK,
            limit,
            "{}: rerun with REGENERATE_TABLES=1",
            self.name
        );
        for (code, &value) in values.iter().enumerate() {
            let Some(c) = char::from_u32(code as u32) else {
                continue;
            };
            assert_eq!(
                self.get(c, |_| unreachable!("covered")).bits(),
                value,
                "{} at U+{code:04X}: rerun with REGENERATE_TABLES=1",
                self.name
            );
        }
    }
}

/// The bytes a block of `T`'s values takes.
const fn block_bytes<T: Small>() -> usize {
    match T::ONE_BIT {
        true => BLOCK / 8,
        false => BLOCK * T::BYTES,
    }
}

/// The file of a table of `values` (one a code point from U+0000).
#[cfg(any(test, feature = "test-support"))]
fn encode<T: Small>(values: &[u32]) -> Vec<u8> {
    assert!(values.len().is_multiple_of(BLOCK));
    let mut blocks: Vec<&[u32]> = Vec::new();
    let mut index = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for block in values.chunks(BLOCK) {
        let number = *seen.entry(block).or_insert_with(|| {
            blocks.push(block);
            blocks.len() - 1
        });
        index.extend_from_slice(&u16::try_from(number).expect("at most 65,536 blocks").to_le_bytes());
    }
    let mut file = Vec::new();
    file.extend_from_slice(&(values.len() as u32).to_le_bytes());
    file.extend_from_slice(&(blocks.len() as u32).to_le_bytes());
    file.extend_from_slice(&index);
    for block in blocks {
        if T::ONE_BIT {
            for eight in block.chunks(8) {
                assert!(eight.iter().all(|&value| value <= 1), "a one-bit value is 0 or 1");
                file.push(eight.iter().rev().fold(0, |byte, &value| byte << 1 | value as u8));
            }
            continue;
        }
        for &value in block {
            assert!(T::BYTES == 4 || value >> (8 * T::BYTES) == 0, "a value fits its width");
            file.extend_from_slice(&value.to_le_bytes()[..T::BYTES]);
        }
    }
    file
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file made by `encode` reads back each value, and past its code
    /// points the rule answers.
    #[test]
    fn encoded_tables_read_back() {
        let compute = |c: char| (c as u32 % 256 / 3 + (c as u32 >> 12)) as u16;
        let values: Vec<u32> = (0..8192u32)
            .map(|code| u32::from(compute(char::from_u32(code).unwrap())))
            .collect();
        let file: &'static [u8] = Vec::leak(encode::<u16>(&values));
        // 8,192 code points in 128 blocks, 8 of them distinct.
        assert_eq!(u32_at(file, 0), 8192);
        assert_eq!(u32_at(file, 4), 8);
        let index: &'static [u16; 128] = Box::leak(Box::new(index(file)));
        let table = Generated::<u16>::new("test", index, file);
        for code in 0..9000u32 {
            let c = char::from_u32(code).unwrap();
            assert_eq!(table.get(c, compute), compute(c), "U+{code:04X}");
        }
        assert_eq!(table.get('\u{2400}', |_| 7), 7, "beyond the table the rule answers");
    }

    /// A table of flags reads back each flag from its bit, in blocks of
    /// eight bytes, and blocks of the same flags are kept once.
    #[test]
    fn one_bit_tables_read_back() {
        // Irregular within a block, and the same in the blocks of each 1,024 code points.
        let compute = |c: char| (c as u32 % 1024).wrapping_mul(2_654_435_761) >> 29 & 1 == 1 || c as u32 % 64 == 63;
        let values: Vec<u32> = (0..8192u32)
            .map(|code| u32::from(compute(char::from_u32(code).unwrap())))
            .collect();
        let file: &'static [u8] = Vec::leak(encode::<bool>(&values));
        assert_eq!(
            u32_at(file, 4),
            16,
            "the 16 blocks of the first 1,024 code points, the rest repeating them"
        );
        assert_eq!(file.len(), 8 + 2 * 128 + 16 * 8);
        // The layout the module's documentation gives: code point 8 × i + j in bit j of byte i.
        let first_block = &file[8 + 2 * 128..][..8];
        for (i, &byte) in first_block.iter().enumerate() {
            let expected = (0..8).fold(0u8, |byte, j| byte | (values[8 * i + j] as u8) << j);
            assert_eq!(byte, expected, "byte {i}");
        }
        let index: &'static [u16; 128] = Box::leak(Box::new(index(file)));
        let table = Generated::<bool>::new("test", index, file);
        for code in 0..9000u32 {
            let c = char::from_u32(code).unwrap();
            assert_eq!(table.get(c, compute), compute(c), "U+{code:04X}");
        }
    }
}
