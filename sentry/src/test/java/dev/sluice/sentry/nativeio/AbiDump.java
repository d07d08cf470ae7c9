package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Test support: runs {@code sluice-abi-dump} (native-shims, built before the sentry; its path is the
 * {@code sluice.abiDump} system property set by sentry/pom.xml) once and parses its
 * {@code NAME VALUE} lines. A missing or failing helper fails the test: the layout checks must never
 * pass by not running.
 */
public final class AbiDump {
    private static Map<String, Long> values;

    private AbiDump() {}

    /** Every {@code NAME VALUE} line of the dump, in output order. */
    public static synchronized Map<String, Long> values() {
        if (values == null) {
            values = Collections.unmodifiableMap(run());
        }
        return values;
    }

    /** The dump's value for {@code name}; fails the test if the dump has no such line. */
    public static long value(String name) {
        Long v = values().get(name);
        assertNotNull(v, "sluice-abi-dump prints " + name);
        return v;
    }

    private static Map<String, Long> run() {
        String prop = System.getProperty("sluice.abiDump");
        assertNotNull(prop, "system property sluice.abiDump names the sluice-abi-dump helper (set by sentry/pom.xml)");
        Path helper = Path.of(prop);
        assertTrue(Files.isExecutable(helper), "sluice-abi-dump is built by native-shims before the sentry: " + helper);
        try {
            Process p = new ProcessBuilder(helper.toString()).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "sluice-abi-dump finishes");
            assertEquals(0, p.exitValue(), "sluice-abi-dump exit status; output:\n" + out);
            Map<String, Long> m = new LinkedHashMap<>();
            for (String line : out.split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.trim().split(" ");
                assertEquals(2, f.length, "a dump line is NAME VALUE: '" + line + "'");
                assertTrue(m.put(f[0], Long.parseUnsignedLong(f[1])) == null, "dump name printed once: " + f[0]);
            }
            assertTrue(!m.isEmpty(), "sluice-abi-dump printed something");
            return m;
        } catch (IOException e) {
            return fail("cannot run " + helper, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted running " + helper, e);
        }
    }
}
