package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.UverbsMethods;
import dev.sluice.rdmaproxy.abi.UverbsSchema;
import dev.sluice.sentry.spi.Disposition;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RDMAProxy's dispositions as data: one row per uverbs (object, method) and one per legacy write
 * command carried over {@code UVERBS_METHOD_INVOKE_WRITE}. A method or command without a row is
 * denied. Changing what the proxy does with a method means changing its row, not code.
 *
 * <p>Step 1: every core method the 6.1 kernel registers ({@link UverbsSchema#CORE}) and every write
 * command it registers ({@link LegacyCommands#WRITE_METHODS}) is CONTINUE after the envelope has
 * been validated against the schema; driver-namespace methods (ids from 0x1000, mlx5's) have no
 * rows yet. Immutable; safe to share between threads.
 */
public final class RdmaTable {
    /** One (object, method) of the ioctl path and what the proxy does with it. */
    public record MethodRow(UverbsMethods.Key key, String name, Disposition disposition, UverbsSchema.Method schema) {
        public MethodRow {
            if (disposition == Disposition.DENY) {
                throw new IllegalArgumentException(name + ": tables list what is allowed; DENY is the absence of a row");
            }
        }
    }

    /** One legacy write command (plain or extended) reachable through INVOKE_WRITE and what the proxy does with it. */
    public record WriteRow(int command, boolean extended, String name, Disposition disposition) {
        public WriteRow {
            if (disposition == Disposition.DENY) {
                throw new IllegalArgumentException(name + ": tables list what is allowed; DENY is the absence of a row");
            }
        }
    }

    private record WriteKey(int command, boolean extended) {}

    private final Map<UverbsMethods.Key, MethodRow> methods;
    private final Map<WriteKey, WriteRow> writes;

    private RdmaTable(List<MethodRow> methodRows, List<WriteRow> writeRows) {
        Map<UverbsMethods.Key, MethodRow> m = new LinkedHashMap<>();
        for (MethodRow r : methodRows) {
            if (m.putIfAbsent(r.key(), r) != null) {
                throw new IllegalArgumentException("duplicate row for method " + r.key() + " (" + r.name() + ")");
            }
        }
        Map<WriteKey, WriteRow> w = new LinkedHashMap<>();
        for (WriteRow r : writeRows) {
            if (w.putIfAbsent(new WriteKey(r.command(), r.extended()), r) != null) {
                throw new IllegalArgumentException("duplicate row for write command " + r.name());
            }
        }
        this.methods = Collections.unmodifiableMap(m);
        this.writes = Collections.unmodifiableMap(w);
    }

    public static RdmaTable of(List<MethodRow> methodRows, List<WriteRow> writeRows) {
        return new RdmaTable(methodRows, writeRows);
    }

    /** Step 1: every registered core method and write command CONTINUEs after validation. */
    public static RdmaTable core() {
        return new RdmaTable(
                UverbsSchema.CORE.stream()
                        .map(s -> new MethodRow(s.key(), s.name(), Disposition.CONTINUE, s))
                        .toList(),
                LegacyCommands.WRITE_METHODS.stream()
                        .map(w -> new WriteRow(w.command(), w.extended(), w.name(), Disposition.CONTINUE))
                        .toList());
    }

    /** The row of (object, method), or null: denied. */
    public MethodRow method(int object, int method) {
        return methods.get(new UverbsMethods.Key(object, method));
    }

    /** The row of a write command number (without the extended flag), or null: denied. */
    public WriteRow write(int command, boolean extended) {
        return writes.get(new WriteKey(command, extended));
    }

    public Collection<MethodRow> methods() {
        return methods.values();
    }

    public Collection<WriteRow> writes() {
        return writes.values();
    }
}
