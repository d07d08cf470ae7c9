package dev.sluice.rdmaproxy.uverbs;

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
 * <p>Every core method the 6.1 kernel registers ({@link UverbsSchema#CORE}) and every write command
 * it registers ({@link LegacyCommands#WRITE_METHODS}) has a row, EMULATE or CONTINUE with the
 * reason {@link UverbsDispositions} gives. A driver plugin ({@code dev.sluice.rdmaproxy.driver})
 * builds its table with {@link #withDriver}: the core rows, the driver's attributes merged into the
 * core methods it extends, and rows for the driver-namespace methods it models. Immutable; safe to
 * share between threads.
 */
public final class RdmaTable {
    /**
     * One (object, method) of the ioctl path, what the proxy does with it and why. An EMULATE row
     * may not take uverbs fd objects (completion channels, async event files): the kernel resolves
     * them in the caller's fd table and {@link UverbsEmulator} translates only plain fds (RAW_FD,
     * dma-bufs).
     */
    public record MethodRow(
            UverbsMethods.Key key,
            String name,
            Disposition disposition,
            UverbsSchema.Method schema,
            String why) {
        public MethodRow {
            allowed(name, disposition);
            if (disposition == Disposition.EMULATE) {
                for (UverbsSchema.Attr a : schema.attrs()) {
                    if (a.type() == UverbsSchema.AttrType.FD) {
                        throw new IllegalArgumentException(
                                name
                                        + " cannot be emulated: "
                                        + a.name()
                                        + " is a uverbs fd object the kernel looks up in the caller's fd table");
                    }
                }
            }
        }

        /** A driver-namespace method, continued after validation. */
        public static MethodRow driver(UverbsSchema.Method m) {
            return new MethodRow(m.key(), m.name(), Disposition.CONTINUE, m, DRIVER_METHOD);
        }
    }

    /**
     * One legacy write command (plain or extended) reachable through INVOKE_WRITE, what the proxy
     * does with it and why.
     */
    public record WriteRow(
            int command, boolean extended, String name, Disposition disposition, String why) {
        public WriteRow {
            allowed(name, disposition);
        }
    }

    /** The reason given for driver-namespace rows. */
    public static final String DRIVER_METHOD =
            "driver-namespace method; continued after validation against the plugin's schema";

    private static void allowed(String name, Disposition d) {
        if (d == Disposition.DENY) {
            throw new IllegalArgumentException(
                    name + ": tables list what is allowed; DENY is the absence of a row");
        }
    }

    private record WriteKey(int command, boolean extended) {}

    private final Map<UverbsMethods.Key, MethodRow> methods;
    private final Map<WriteKey, WriteRow> writes;

    private RdmaTable(List<MethodRow> methodRows, List<WriteRow> writeRows) {
        Map<UverbsMethods.Key, MethodRow> m = new LinkedHashMap<>();
        for (MethodRow r : methodRows) {
            if (m.putIfAbsent(r.key(), r) != null) {
                throw new IllegalArgumentException(
                        "duplicate row for method " + r.key() + " (" + r.name() + ")");
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

    /**
     * Every registered core method and write command, with the disposition {@link
     * UverbsDispositions} gives it: EMULATE where the call does not depend on the calling process,
     * CONTINUE (after validation) where it does.
     */
    public static RdmaTable core() {
        return CORE;
    }

    private static final RdmaTable CORE =
            new RdmaTable(
                    UverbsSchema.CORE.stream()
                            .map(
                                    s -> {
                                        UverbsDispositions.Why w =
                                                UverbsDispositions.method(s.name());
                                        return new MethodRow(
                                                s.key(), s.name(), w.disposition(), s, w.text());
                                    })
                            .toList(),
                    LegacyCommands.WRITE_METHODS.stream()
                            .map(
                                    c -> {
                                        UverbsDispositions.Why w =
                                                UverbsDispositions.write(c.name());
                                        return new WriteRow(
                                                c.command(),
                                                c.extended(),
                                                c.name(),
                                                w.disposition(),
                                                w.text());
                                    })
                            .toList());

    /**
     * The core rows, with {@code coreMethodAttrs} (a driver's attributes on core methods, one entry
     * per core method, as {@code Mlx5Schema.CORE_METHOD_ATTRS}) appended to the schemas of the core
     * methods they extend, plus {@code driverRows}. Fails on an addition to a method that is not a
     * core one and on an attribute id the core method already declares.
     */
    public static RdmaTable withDriver(
            List<UverbsSchema.Method> coreMethodAttrs, List<MethodRow> driverRows) {
        Map<UverbsMethods.Key, UverbsSchema.Method> adds = UverbsSchema.index(coreMethodAttrs);
        for (UverbsMethods.Key k : adds.keySet()) {
            if (!UverbsSchema.CORE_BY_KEY.containsKey(k)) {
                throw new IllegalArgumentException(
                        "driver attributes for " + k + ", which is not a core method");
            }
        }
        List<MethodRow> rows = new ArrayList<>();
        for (MethodRow r : core().methods()) {
            UverbsSchema.Method add = adds.get(r.key());
            rows.add(
                    add == null
                            ? r
                            : new MethodRow(
                                    r.key(),
                                    r.name(),
                                    r.disposition(),
                                    merge(r.schema(), add),
                                    r.why()));
        }
        rows.addAll(driverRows);
        return new RdmaTable(rows, List.copyOf(core().writes()));
    }

    private static UverbsSchema.Method merge(UverbsSchema.Method core, UverbsSchema.Method add) {
        List<UverbsSchema.Attr> attrs = new ArrayList<>(core.attrs());
        for (UverbsSchema.Attr a : add.attrs()) {
            if (core.attr(a.id()).isPresent()) {
                throw new IllegalArgumentException(
                        a.name()
                                + " clashes with attribute 0x"
                                + Integer.toHexString(a.id())
                                + " of "
                                + core.name());
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
