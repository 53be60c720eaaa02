//! The ICANN LGRs bundled in `tables/lgr/` (reduced XML, raw DEFLATE; built
//! by `tables/lgr/generate.py` from the published files, provenance in
//! `tables/README.md`).

/// A bundled set of LGRs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LgrSet {
    /// ICANN's Second Level Reference LGRs (59 tags).
    SecondLevel,
    /// The Root Zone LGR (RZ-LGR-5), one file per script (25 tags).
    RootZone,
    /// The second-level reference LGRs with every cross-repertoire variant (59 tags).
    FullVariant,
}

static SECOND_LEVEL: &[u8] = include_bytes!("../../../../tables/lgr/second-level-reference.bin");
static ROOT_ZONE: &[u8] = include_bytes!("../../../../tables/lgr/root-zone.bin");
static FULL_VARIANT: &[u8] = include_bytes!("../../../../tables/lgr/full-variant-set.bin");

impl LgrSet {
    /// Every set.
    pub const ALL: [LgrSet; 3] = [LgrSet::SecondLevel, LgrSet::RootZone, LgrSet::FullVariant];

    /// The set's folder name: `second-level-reference`, `root-zone`, `full-variant-set`.
    pub fn name(self) -> &'static str {
        match self {
            LgrSet::SecondLevel => "second-level-reference",
            LgrSet::RootZone => "root-zone",
            LgrSet::FullVariant => "full-variant-set",
        }
    }

    /// The set named `name` (as [`LgrSet::name`] gives it).
    pub fn from_name(name: &str) -> Option<LgrSet> {
        LgrSet::ALL.into_iter().find(|s| s.name() == name)
    }

    fn blob(self) -> &'static [u8] {
        match self {
            LgrSet::SecondLevel => SECOND_LEVEL,
            LgrSet::RootZone => ROOT_ZONE,
            LgrSet::FullVariant => FULL_VARIANT,
        }
    }

    /// The set's tags (`ar`, `de`, `und-Latn`, …), in file order.
    pub fn tags(self) -> Vec<&'static str> {
        entries(self.blob()).map(|(t, _)| t).collect()
    }
}

/// (tag, compressed bytes) of each file of a bundle.
fn entries(blob: &'static [u8]) -> impl Iterator<Item = (&'static str, &'static [u8])> {
    let text_end = blob.windows(2).position(|w| w == b"\n\n").map(|p| p + 2).unwrap_or(0);
    let header = std::str::from_utf8(&blob[..text_end]).unwrap_or("");
    let mut offset = text_end;
    header.lines().skip(1).filter(|l| !l.is_empty()).filter_map(move |l| {
        let (tag, len) = l.split_once(' ')?;
        let len: usize = len.parse().ok()?;
        let data = blob.get(offset..offset + len)?;
        offset += len;
        Some((tag, data))
    })
}

/// The XML of `set`/`tag`.
pub(crate) fn xml(set: LgrSet, tag: &str) -> Option<String> {
    let (_, data) = entries(set.blob()).find(|(t, _)| *t == tag)?;
    let bytes = miniz_oxide::inflate::decompress_to_vec(data).ok()?;
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_file_inflates() {
        assert_eq!(LgrSet::SecondLevel.tags().len(), 59);
        assert_eq!(LgrSet::RootZone.tags().len(), 25);
        assert_eq!(LgrSet::FullVariant.tags().len(), 59);
        for set in LgrSet::ALL {
            for tag in set.tags() {
                let x = xml(set, tag).unwrap_or_else(|| panic!("{}/{tag}", set.name()));
                assert!(x.contains("<data>"), "{}/{tag}", set.name());
            }
        }
    }
}
