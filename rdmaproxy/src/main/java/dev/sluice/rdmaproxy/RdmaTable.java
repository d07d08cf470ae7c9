package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.UverbsMethods;
import dev.sluice.rdmaproxy.abi.UverbsSchema;
import dev.sluice.sentry.spi.Disposition;
import java.util.ArrayList;
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
 * been validated against the schema. A driver plugin ({@code dev.sluice.rdmaproxy.driver}) builds its
 * table with {@link #withDriver}: the core rows, the driver's attributes merged into the core methods
 * it extends, and rows for the driver-namespace methods it models. Immutable; safe to share between
 * threads.
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

    /**
     * The core rows, with {@code coreMethodAttrs} (a driver's attributes on core methods, one entry per
     * core method, as {@code Mlx5Schema.CORE_METHOD_ATTRS}) appended to the schemas of the core methods
     * they extend, plus {@code driverRows}. Fails on an addition to a method that is not a core one and
     * on an attribute id the core method already declares.
     */
    public static RdmaTable withDriver(List<UverbsSchema.Method> coreMethodAttrs, List<MethodRow> driverRows) {
        Map<UverbsMethods.Key, UverbsSchema.Method> adds = UverbsSchema.index(coreMethodAttrs);
        for (UverbsMethods.Key k : adds.keySet()) {
            if (!UverbsSchema.CORE_BY_KEY.containsKey(k)) {
                throw new IllegalArgumentException("driver attributes for " + k + ", which is not a core method");
            }
        }
        List<MethodRow> rows = new ArrayList<>();
        for (MethodRow r : core().methods()) {
            UverbsSchema.Method add = adds.get(r.key());
            rows.add(add == null ? r : new MethodRow(r.key(), r.name(), r.disposition(), merge(r.schema(), add)));
        }
        rows.addAll(driverRows);
        return new RdmaTable(rows, List.copyOf(core().writes()));
    }

    private static UverbsSchema.Method merge(UverbsSchema.Method core, UverbsSchema.Method add) {
        List<UverbsSchema.Attr> attrs = new ArrayList<>(core.attrs());
        for (UverbsSchema.Attr a : add.attrs()) {
            if (core.attr(a.id()).isPresent()) {
                throw new IllegalArgumentException(a.name() + " clashes with attribute 0x" + Integer.toHexString(a.id())
                        + " of " + core.name());
            }
            attrs.add(a);
        }
        return new UverbsSchema.Method(core.object(), core.method(), core.name(), attrs);
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
