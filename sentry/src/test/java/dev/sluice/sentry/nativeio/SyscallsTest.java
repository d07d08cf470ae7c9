package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Every syscall number of {@link Syscalls} equals the C library's {@code SYS_*} as {@code
 * sluice-abi-dump} prints it, and every {@code SYS_*} the dump prints has its constant there: the
 * numbers are written down once, and checked.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SyscallsTest {
    /** The dump lines this test owns. */
    static final String DUMP_PREFIX = "SYS_";

    private static Map<String, Integer> constants() {
        return AbiDump.intConstants(Syscalls.class);
    }

    static Stream<Arguments> numbers() {
        return constants().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("numbers")
    void equalsTheCLibrarysNumber(String name, int value) {
        assertTrue(
                name.startsWith(DUMP_PREFIX),
                name + " is named as the C library names it, SYS_ and the syscall");
        String c = DUMP_PREFIX + name.substring(DUMP_PREFIX.length()).toLowerCase(Locale.ROOT);
        assertEquals(
                AbiDump.value(c),
                value,
                "Syscalls." + name + " must equal " + c + " of <sys/syscall.h>");
    }

    @Test
    void everyNumberTheDumpPrintsHasItsConstant() {
        Set<String> java = constants().keySet();
        Set<String> missing = new TreeSet<>();
        for (String c : AbiDump.values().keySet()) {
            if (c.startsWith(DUMP_PREFIX) && !java.contains(c.toUpperCase(Locale.ROOT))) {
                missing.add(c);
            }
        }
        assertTrue(
                missing.isEmpty(),
                "every SYS_* line of sluice-abi-dump is a Syscalls constant; missing: " + missing);
    }

    @Test
    void noTwoNamesShareANumber() {
        Map<Integer, String> seen = new TreeMap<>();
        constants()
                .forEach(
                        (name, value) -> {
                            String other = seen.put(value, name);
                            assertTrue(
                                    other == null, name + " and " + other + " both say " + value);
                        });
    }
}
