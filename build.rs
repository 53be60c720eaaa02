//! Links the command with its relative relocations packed, and names the
//! workspace's `tables/` for the tests' helpers (`test_needs`). The
//! engine's and the analysis' data are compiled by their crates' build
//! scripts (`crates/core/build.rs`, `crates/analysis/build.rs`).

fn main() {
    pack_relative_relocations();
    let tables = std::path::Path::new("tables").canonicalize().expect("tables/");
    println!("cargo:rustc-env=IDNA_INSPECTOR_TABLES={}", tables.display());
}

/// Links the command with its relative relocations packed (`DT_RELR`,
/// glibc 2.36 and GNU ld 2.38 or later; an older ld ignores the option with
/// a warning): the loader then reads 19 KB of them at every start, not
/// 1.5 MB, and a one-name run starts about 0.3–1 ms sooner
/// (benches/results.md). Only where measured: x86-64 Linux with glibc.
fn pack_relative_relocations() {
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    if target("CARGO_CFG_TARGET_OS") == "linux"
        && target("CARGO_CFG_TARGET_ENV") == "gnu"
        && target("CARGO_CFG_TARGET_ARCH") == "x86_64"
    {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
