package dev.sluice.rdmaproxy.abi;

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
 * Test support: runs {@code sluice-rdma-abi-dump} (native-shims, built before this module; its path is
 * the {@code sluice.rdmaAbiDump} system property set by rdmaproxy/pom.xml) once and parses its
 * {@code NAME VALUE} lines. A missing or failing helper fails the test: the layout checks must never
 * pass by not running.
 */
final class RdmaAbiDump {
    private static Map<String, Long> values;

    private RdmaAbiDump() {}

    /** Every {@code NAME VALUE} line of the dump, in output order. */
    static synchronized Map<String, Long> values() {
        if (values == null) {
            values = Collections.unmodifiableMap(run());
        }
        return values;
    }

    /** The dump's value for {@code name}; fails the test if the dump has no such line. */
    static long value(String name) {
        Long v = values().get(name);
        assertNotNull(v, "sluice-rdma-abi-dump prints " + name);
        return v;
    }

    private static Map<String, Long> run() {
        String prop = System.getProperty("sluice.rdmaAbiDump");
        assertNotNull(prop, "system property sluice.rdmaAbiDump names the sluice-rdma-abi-dump helper (set by rdmaproxy/pom.xml)");
        Path helper = Path.of(prop);
        assertTrue(Files.isExecutable(helper), "sluice-rdma-abi-dump is built by native-shims before rdmaproxy: " + helper);
        try {
            Process p = new ProcessBuilder(helper.toString()).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "sluice-rdma-abi-dump finishes");
            assertEquals(0, p.exitValue(), "sluice-rdma-abi-dump exit status; output:\n" + out);
            Map<String, Long> m = new LinkedHashMap<>();
            for (String line : out.split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.trim().split(" ");
                assertEquals(2, f.length, "a dump line is NAME VALUE: '" + line + "'");
                assertTrue(m.put(f[0], Long.parseUnsignedLong(f[1])) == null, "dump name printed once: " + f[0]);
            }
            assertTrue(!m.isEmpty(), "sluice-rdma-abi-dump printed something");
            return m;
        } catch (IOException e) {
            return fail("cannot run " + helper, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted running " + helper, e);
        }
    }
}
