//! The bundled character properties the spoof analysis and the browsers'
//! rules read beside the engine's (UTS #39's identifier status and type,
//! Script and Script_Extensions, General_Category, decompositions and
//! skeletons), each a generated table over planes 0 to 3
//! (`tables/generated/`, checked against its source by a unit test of its
//! module). The tables of them: `docs/design.md`.

pub(crate) mod digits;
pub(crate) mod general;
pub(crate) mod identifier;
pub(crate) mod nfd;
mod record;
pub(crate) mod scripts;
pub(crate) mod skeleton;
