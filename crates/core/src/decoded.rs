//! A string's code points decoded from UTF-8 once, for code that reads
//! them many times: on the stack when the string is label-sized.

/// Calls `f` with the code points of `text`, each as a `T` (`char` or
/// `u32`): on the stack when `text` has at most `N` bytes (so at most `N`
/// code points), else in a vector.
#[inline]
pub fn with_code_points<T, const N: usize, R>(text: &str, f: impl FnOnce(&[T]) -> R) -> R
where
    T: Copy + Default + From<char>,
{
    if text.len() > N {
        let heap: Vec<T> = text.chars().map(T::from).collect();
        return f(&heap);
    }
    let mut stack = [T::default(); N];
    let mut count = 0;
    for (slot, c) in stack.iter_mut().zip(text.chars()) {
        *slot = T::from(c);
        count += 1;
    }
    f(&stack[..count])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both places give the code points in order, at and past the stack's size.
    #[test]
    fn stack_and_heap_give_the_code_points() {
        for text in ["", "a", "bücher", "日本語", &"ü".repeat(2), &"ü".repeat(3), &"x".repeat(5)] {
            let expected: Vec<u32> = text.chars().map(u32::from).collect();
            assert_eq!(with_code_points::<u32, 4, _>(text, <[u32]>::to_vec), expected, "{text}");
            let chars: Vec<char> = text.chars().collect();
            assert_eq!(with_code_points::<char, 4, _>(text, <[char]>::to_vec), chars, "{text}");
        }
    }
}
