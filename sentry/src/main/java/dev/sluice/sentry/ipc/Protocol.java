package dev.sluice.sentry.ipc;

import dev.sluice.sentry.nativeio.HostFd;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one side of a protocol accepts: a table from verb to the reader that makes the typed message
 * of it. A frame whose verb is not in the table, whose fields do not read, or that has fields or
 * fds left over, is refused with a {@link ProtocolException}.
 */
public final class Protocol<M extends Message> {
    /** Reads one verb's fields and fds, in order. */
    @FunctionalInterface
    public interface Reader<M> {
        M read(Fields fields);
    }

    private final String name;
    private final Map<String, Reader<? extends M>> readers;

    private Protocol(String name, Map<String, Reader<? extends M>> readers) {
        this.name = name;
        this.readers = Map.copyOf(readers);
    }

    public static <M extends Message> Builder<M> builder(String name) {
        return new Builder<>(name);
    }

    /** Builds a protocol's table, one verb at a time. */
    public static final class Builder<M extends Message> {
        private final String name;
        private final Map<String, Reader<? extends M>> readers = new LinkedHashMap<>();

        private Builder(String name) {
            this.name = name;
        }

        public Builder<M> on(String verb, Reader<? extends M> reader) {
            new Frame(verb, List.of(), 0); // checks the verb's form
            if (readers.put(verb, reader) != null) {
                throw new IllegalArgumentException(name + ": " + verb + " twice");
            }
            return this;
        }

        public Protocol<M> build() {
            return new Protocol<>(name, readers);
        }
    }

    /** Who sends these messages, for error messages ("from NAME: ..."). */
    public String name() {
        return name;
    }

    /** The verbs this side accepts. */
    public Set<String> verbs() {
        return readers.keySet();
    }

    /**
     * The typed message of {@code frame}, with {@code fds} (as many as the frame says) and the
     * sender's pid. Closes nothing: on a refusal the caller still owns the fds.
     */
    public M decode(Frame frame, List<HostFd> fds, int senderPid) {
        if (fds.size() != frame.fds()) {
            throw new ProtocolException(
                    "from "
                            + name
                            + ": "
                            + frame.verb()
                            + ": "
                            + frame.fds()
                            + " fds announced, "
                            + fds.size()
                            + " came");
        }
        Reader<? extends M> reader = readers.get(frame.verb());
        if (reader == null) {
            throw new ProtocolException("from " + name + ": unexpected message " + frame.verb());
        }
        Fields f = new Fields(name, frame, fds, senderPid);
        M m;
        try {
            m = reader.read(f);
        } catch (ProtocolException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw f.bad(String.valueOf(e.getMessage())); // a value out of the record's range
        }
        f.end();
        return m;
    }
}
