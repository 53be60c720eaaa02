//! LGR engine timing (filled in below).
fn main() {}
