fn main() {
    let engine = idna_inspector::Uts46::new();
    let extras = idna_inspector::browsers::chromium::TopDomains::default();
    if std::env::var_os("ROWS").is_some() { check_rows(); return; }
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
#[allow(dead_code)]
fn check_rows() {
    let text = std::fs::read_to_string("/tmp/skel_rows.tsv").unwrap();
    let mut bad = 0;
    for line in text.lines() {
        let (domain, skel) = line.split_once('\t').unwrap();
        let ours = idna_inspector::browsers::chromium::skeleton::skeletons(domain);
        if !ours.contains(skel) { bad += 1; if bad < 20 { println!("{domain}: chromium {skel}, ours {ours:?}"); } }
    }
    println!("{bad} of {} differ", text.lines().count());
}
