//! One processor for each converting thread when there is a thread for
//! every processor the process may run on. Linux wakes a thread that slept
//! (on a lock, on a table another thread is building) on the processor of
//! the thread that woke it, and the two then share that processor, taking
//! turns of 4 ms, until the scheduler moves one back: a run of a few tenths
//! of a second on two processors lost 4-12 ms so (docs/design.md).

/// The processors for `threads` converting threads, one each: all those
/// this process may run on, in order, when there are exactly `threads` of
/// them; `None` otherwise (fewer threads leave the scheduler room to place
/// them, more cannot have one each) and on systems other than Linux.
pub(crate) fn processors_for(threads: usize) -> Option<Vec<usize>> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `set` is a plain bit set, zeroed, of the size passed.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        let read = unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
        if read != 0 {
            return None;
        }
        let allowed: Vec<usize> = (0..libc::CPU_SETSIZE as usize)
            .filter(|&cpu| unsafe { libc::CPU_ISSET(cpu, &set) })
            .collect();
        (allowed.len() == threads).then_some(allowed)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = threads;
        None
    }
}

/// Keeps the calling thread on `processor` (one of [`processors_for`]'s);
/// false when the system refused.
pub(crate) fn pin_to(processor: usize) -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `set` is a plain bit set, zeroed, of the size passed;
        // `processor` is below CPU_SETSIZE, as every one `processors_for` gives.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        unsafe { libc::CPU_SET(processor, &mut set) };
        unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0 }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = processor;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A thread for every allowed processor gets them all, in order, and a
    /// thread pinned to one runs there; other counts get none.
    #[test]
    #[cfg(target_os = "linux")]
    fn each_thread_gets_one_allowed_processor() {
        let allowed = std::thread::available_parallelism().map_or(1, usize::from);
        let Some(processors) = (1..=1024).find_map(processors_for) else {
            panic!("no count of threads gets processors");
        };
        assert!(!processors.is_empty() && processors.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(processors_for(processors.len() + 1), None);
        if processors.len() > 1 {
            assert_eq!(processors_for(processors.len() - 1), None);
        }
        // Pinned on a thread of its own, so the test's thread keeps its processors.
        let last = *processors.last().unwrap();
        let ran_on = std::thread::spawn(move || {
            assert!(pin_to(last));
            unsafe { libc::sched_getcpu() }
        })
        .join()
        .unwrap();
        assert_eq!(usize::try_from(ran_on).ok(), Some(last));
        assert!(allowed <= processors.len(), "{allowed} {processors:?}");
    }
}
