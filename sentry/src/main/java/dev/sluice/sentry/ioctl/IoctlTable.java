package dev.sluice.sentry.ioctl;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A proxy's ioctl table, keyed by the full 32-bit request. Unknown means rejected: a request that
 * is not in the table is denied, with {@code EINVAL} when only its size or direction differs from a
 * known row ("wrong size") and with the table's {@code unknownErrno} otherwise.
 *
 * <p>Immutable once built; safe to share between threads.
 */
public final class IoctlTable {
    /** The name of a request the table neither allows nor names. */
    public static final String UNKNOWN = "unknown";

    private final String proxy;
    private final Map<Integer, IoctlEntry> byCmd;
    private final Map<Integer, IoctlEntry> byTypeNr;
    private final Map<Integer, String> knownNames;
    private final int unknownErrno;

    private IoctlTable(
            String proxy,
            Map<Integer, IoctlEntry> entries,
            Map<Integer, String> knownNames,
            int unknownErrno) {
        this.proxy = proxy;
        this.byCmd = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        Map<Integer, IoctlEntry> tn = new HashMap<>();
        for (IoctlEntry e : entries.values()) {
            tn.putIfAbsent(Ioctl.typeNr(e.cmd()), e);
        }
        this.byTypeNr = tn;
        this.knownNames = Map.copyOf(knownNames);
        this.unknownErrno = unknownErrno;
    }

    public static Builder builder(String proxy) {
        return new Builder(proxy);
    }

    public IoctlEntry lookup(int cmd) {
        return byCmd.get(cmd);
    }

    public Collection<IoctlEntry> entries() {
        return byCmd.values();
    }

    /** The proxy this table belongs to. */
    public String proxy() {
        return proxy;
    }

    /** The errno for requests the table does not know. */
    public int unknownErrno() {
        return unknownErrno;
    }

    /** Requests named for logs but not allowed. */
    public Map<Integer, String> knownNames() {
        return knownNames;
    }

    /** The C name of a request: a row's, a known-but-denied request's, or {@code unknown}. */
    public String name(int cmd) {
        IoctlEntry e = byCmd.get(cmd);
        return e != null ? e.name() : knownNames.getOrDefault(cmd, UNKNOWN);
    }

    /**
     * Decides {@code call} by the table: CONTINUE rows continue, EMULATE rows run their handler,
     * and everything else is denied. {@code enabledCapabilities} masks rows by capability. The call
     * goes by its row's name (with the handler's sub-command), or by {@link #name} when denied
     * here.
     */
    public Verdict dispatch(IoctlCall call, long enabledCapabilities) {
        int cmd = call.request().cmd();
        IoctlEntry e = byCmd.get(cmd);
        if (e == null) {
            String name = knownNames.getOrDefault(cmd, UNKNOWN);
            IoctlEntry near = byTypeNr.get(Ioctl.typeNr(cmd));
            if (near != null) {
                return new Verdict(
                        IoctlResult.deny(
                                Errno.EINVAL,
                                String.format(
                                        "size or direction differs from %s (%s): size %d, expected %d",
                                        near.name(),
                                        Ioctl.hex(near.cmd()),
                                        Ioctl.size(cmd),
                                        Ioctl.size(near.cmd()))),
                        name);
            }
            return new Verdict(IoctlResult.deny(unknownErrno, "not supported by " + proxy), name);
        }
        if (e.capabilities() != 0 && (e.capabilities() & enabledCapabilities) == 0) {
            return e.verdict(
                    IoctlResult.deny(unknownErrno, "needs a driver capability this sandbox lacks"));
        }
        if (e.disposition() == Disposition.CONTINUE) {
            return e.verdict(IoctlResult.CONTINUE);
        }
        return e.handler().handle(call, e);
    }

    /** Collects rows; a request may appear once. */
    public static final class Builder {
        private final String proxy;
        private final Map<Integer, IoctlEntry> entries = new LinkedHashMap<>();
        private final Map<Integer, String> knownNames = new HashMap<>();
        private int unknownErrno = Errno.ENOTTY;

        private Builder(String proxy) {
            this.proxy = proxy;
        }

        public Builder unknownErrno(int errno) {
            this.unknownErrno = errno;
            return this;
        }

        public Builder add(IoctlEntry e) {
            if (entries.putIfAbsent(e.cmd(), e) != null) {
                throw new IllegalArgumentException(
                        proxy
                                + ": duplicate row for "
                                + Ioctl.hex(e.cmd())
                                + " ("
                                + e.name()
                                + ")");
            }
            return this;
        }

        /** An EMULATE row whose params are {@code _IOC_SIZE(cmd)} bytes. */
        public Builder emulate(int cmd, String name, IoctlHandler handler) {
            return add(
                    new IoctlEntry(
                            cmd,
                            name,
                            Disposition.EMULATE,
                            handler,
                            Ioctl.dir(cmd),
                            Ioctl.size(cmd),
                            0));
        }

        /** An EMULATE row for a legacy request whose number does not encode direction and size. */
        public Builder emulateLegacy(
                int cmd, String name, int dir, int paramSize, IoctlHandler handler) {
            return add(new IoctlEntry(cmd, name, Disposition.EMULATE, handler, dir, paramSize, 0));
        }

        /** An EMULATE row whose argument is not a pointer to params. */
        public Builder emulateNoParams(int cmd, String name, IoctlHandler handler) {
            return add(new IoctlEntry(cmd, name, Disposition.EMULATE, handler, Ioctl.NONE, -1, 0));
        }

        public Builder continueCall(int cmd, String name) {
            return add(new IoctlEntry(cmd, name, Disposition.CONTINUE, null, Ioctl.NONE, -1, 0));
        }

        /** Names a request the table does not allow, so denials of it are logged by name. */
        public Builder knownName(int cmd, String name) {
            knownNames.put(cmd, name);
            return this;
        }

        public IoctlTable build() {
            return new IoctlTable(proxy, entries, knownNames, unknownErrno);
        }
    }
}
