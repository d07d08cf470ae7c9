package dev.sluice.rdmaproxy.rdmacm;

/**
 * The result of {@link RdmaCmCommand#parse}: the command, or why it is refused before any policy
 * looks at it.
 */
public sealed interface RdmaCmParsed permits RdmaCmCommand, RdmaCmDecision.Refuse {}
