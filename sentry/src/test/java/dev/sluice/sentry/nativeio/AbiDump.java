package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Test support: runs a native-shims dump helper ({@code sluice-abi-dump} for the sentry; the
 * proxies' modules use their own through the sentry's test-jar), once, and parses its {@code NAME
 * VALUE} lines. A missing or failing helper fails the test: the layout checks must never pass by
 * not running.
 */
public final class AbiDump {
    /** {@code sluice-abi-dump}: seccomp, stat and tty values, for the sentry's layout tests. */
    public static final AbiDump SENTRY = new AbiDump("sluice-abi-dump", "sluice.abiDump");

    private final String helperName;
    private final String property;
    private Map<String, Long> values;

    /**
     * A dump helper whose path is the system property {@code property} (set by the module's pom).
     */
    public AbiDump(String helperName, String property) {
        this.helperName = helperName;
        this.property = property;
    }

    /** Every {@code NAME VALUE} line of {@code sluice-abi-dump}, in output order. */
    public static Map<String, Long> values() {
        return SENTRY.all();
    }

    /** {@code sluice-abi-dump}'s value for {@code name}; fails the test if it has no such line. */
    public static long value(String name) {
        return SENTRY.get(name);
    }

    /** Every {@code NAME VALUE} line of this helper, in output order; runs it once. */
    public synchronized Map<String, Long> all() {
        if (values == null) {
            values = Collections.unmodifiableMap(run());
        }
        return values;
    }

    /**
     * The public static {@code int} constants of {@code c}, by field name, sorted: the Java side of
     * a comparison with the dump.
     */
    public static Map<String, Integer> intConstants(Class<?> c) {
        Map<String, Integer> m = new TreeMap<>();
        for (Field f : c.getDeclaredFields()) {
            int mod = f.getModifiers();
            if (Modifier.isStatic(mod) && Modifier.isPublic(mod) && f.getType() == int.class) {
                try {
                    m.put(f.getName(), f.getInt(null));
                } catch (IllegalAccessException e) {
                    return fail("cannot read " + c.getSimpleName() + "." + f.getName(), e);
                }
            }
        }
        return m;
    }

    /** This helper's value for {@code name}; fails the test if it has no such line. */
    public long get(String name) {
        Long v = all().get(name);
        assertNotNull(v, helperName + " prints " + name);
        return v;
    }

    private Map<String, Long> run() {
        String prop = System.getProperty(property);
        assertNotNull(
                prop,
                "system property "
                        + property
                        + " names the "
                        + helperName
                        + " helper (set by the module's pom)");
        Path helper = Path.of(prop);
        assertTrue(
                Files.isExecutable(helper),
                helperName + " is built by native-shims first: " + helper);
        try {
            Process p = new ProcessBuilder(helper.toString()).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), helperName + " finishes");
            assertEquals(0, p.exitValue(), helperName + " exit status; output:\n" + out);
            Map<String, Long> m = new LinkedHashMap<>();
            for (String line : out.split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.trim().split(" ");
                assertEquals(2, f.length, "a dump line is NAME VALUE: '" + line + "'");
                assertTrue(
                        m.put(f[0], Long.parseUnsignedLong(f[1])) == null,
                        "dump name printed once: " + f[0]);
            }
            assertTrue(!m.isEmpty(), helperName + " printed something");
            return m;
        } catch (IOException e) {
            return fail("cannot run " + helper, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted running " + helper, e);
        }
    }
}
