fn main() {
    let engine = idna_inspector::Uts46::new();
    let extras = idna_inspector::browsers::Extras::default();
    if let Some(s) = std::env::var_os("SKEL") { skel(s.to_str().unwrap()); return; }
    for name in std::env::args().skip(1) {
        let v = idna_inspector::browsers::verdicts(&engine, &name, &extras);
        for x in v.all() {
            println!("{:<22} {:<9} {:<40} {:?} {:?} {:?} shown={}", name, x.display.name(), x.rule.name(), x.label, x.detail, x.top_domain, x.shown);
        }
    }
}
#[allow(dead_code)]
fn skel(s: &str) { println!("{:?}", idna_inspector::browsers::chromium::skeleton::skeletons(s)); }
