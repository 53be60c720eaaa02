//! Which Unicode data each part of the engine uses, for the About window and
//! `--version`-style reports.

use crate::table::{MappingTable, TableSource};

/// One data source: what it provides, its Unicode version, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataSource {
    /// What the data is used for, e.g. `Bidi_Class (Bidi rule)`.
    pub what: &'static str,
    /// Its Unicode version, e.g. `16.0.0`.
    pub version: String,
    /// Where it comes from: a file path, a crate, or a browser build's data.
    pub source: String,
}

fn version((major, minor, patch): (impl ToString, impl ToString, impl ToString)) -> String {
    format!("{}.{}.{}", major.to_string(), minor.to_string(), patch.to_string())
}

/// The data sources in use with `table` (the bundled one or one loaded at run time).
pub fn data_sources(table: &MappingTable) -> Vec<DataSource> {
    let bundled = MappingTable::bundled();
    let mut sources = vec![DataSource {
        what: "IDNA mapping table (bundled)",
        version: bundled.version().to_string(),
        source: "tables/IdnaMappingTable.txt, compiled in".to_string(),
    }];
    if let TableSource::File(path) = table.source() {
        sources.push(DataSource {
            what: "IDNA mapping table (loaded, in use)",
            version: table.version().to_string(),
            source: path.display().to_string(),
        });
    }
    sources.extend(table.properties().sources().into_iter().map(|property| DataSource {
        what: property_role(property.property),
        version: property.version,
        source: property.source,
    }));
    sources.extend([
        DataSource {
            what: "Normalization (NFC)",
            version: version(unicode_normalization::UNICODE_VERSION),
            source: "unicode-normalization crate".to_string(),
        },
        DataSource {
            what: "Character names",
            version: "17.0.0".to_string(),
            source: "unicode_names2 crate 4.0 (Unicode 17.0 names)".to_string(),
        },
    ]);
    // The browsers' verdicts read the data of the builds they follow, whatever the table above.
    sources.extend(crate::browsers::Browser::ALL.map(|browser| DataSource {
        what: browser.build(),
        version: browser.engine().table().version().to_string(),
        source: format!("display verdicts: {}", browser.data()),
    }));
    sources
}

/// What the engine reads each property for.
fn property_role(property: &str) -> &'static str {
    match property {
        "Bidi_Class" => "Bidi_Class (Bidi rule)",
        "Joining_Type" => "Joining_Type (ContextJ)",
        "General_Category (marks)" => "General_Category M (criterion 6)",
        _ => "Canonical_Combining_Class (virama, ContextJ)",
    }
}
