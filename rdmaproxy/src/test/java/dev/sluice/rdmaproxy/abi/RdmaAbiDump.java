package dev.sluice.rdmaproxy.abi;

import dev.sluice.sentry.nativeio.AbiDump;

import java.util.Map;

/**
 * Test support: the {@code sluice-rdma-abi-dump} helper (native-shims; its path is the {@code
 * sluice.rdmaAbiDump} system property set by rdmaproxy/pom.xml), read with the sentry's {@link
 * AbiDump}.
 */
final class RdmaAbiDump {
    private static final AbiDump DUMP = new AbiDump("sluice-rdma-abi-dump", "sluice.rdmaAbiDump");

    private RdmaAbiDump() {}

    static Map<String, Long> values() {
        return DUMP.all();
    }

    static long value(String name) {
        return DUMP.get(name);
    }
}
