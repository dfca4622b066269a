# The reference side of the differential test: Shopify's Ruby Liquid (Debian's ruby-liquid, 5.4).
# Reads one JSON object per line on stdin: {"template": "...", "data": {...}, "partials": {...}}
# and answers one JSON object per line: {"output": "..."} or {"error": "ClassName: message"}.
# Parsing is in strict error mode; render errors raise (render!) instead of being written inline.
require 'json'
require 'liquid'
require 'date'

# Partials from the request itself (include and render look them up by name).
class MemoryFileSystem
  attr_accessor :files
  def initialize; @files = {}; end
  def read_template_file(name)
    raise Liquid::FileSystemError, "No such template '#{name}'" unless @files.key?(name)
    @files[name]
  end
end

# Compatibility patches, each switched on per request ("compat": [...]) and each standing for one
# documented known difference (known.py, docs/liquid.md): what later Liquid versions, which the
# golden-liquid suite follows, do differently from 5.4. With a patch on, Ruby should agree with us.
$compat = []

module Liquid
  # Liquid 5.5+: `{%- endraw %}` ends a raw block, and the end tag's `-%}` trims what follows.
  class Raw
    FullTokenPossiblyInvalid55 = /\A(.*)#{TagStart}#{WhitespaceControl}?\s*(\w+)\s*(.*)?#{WhitespaceControl}?#{TagEnd}\z/om
    alias_method :parse54, :parse
    def parse(tokens)
      return parse54(tokens) unless $compat.include?('raw')
      @body = +''
      while (token = tokens.shift)
        if token =~ FullTokenPossiblyInvalid55 && block_delimiter == Regexp.last_match(2)
          parse_context.trim_whitespace = (token[-3] == WhitespaceControl)
          @body << Regexp.last_match(1) if Regexp.last_match(1) != ''
          return
        end
        @body << token unless token.empty?
      end
      raise_tag_never_closed(block_name)
    end
  end

  # Liquid 5.5+: the tags inside a comment are not parsed (nested comments and raw blocks still count).
  class Comment
    alias_method :parse54, :parse
    def parse(tokens)
      return parse54(tokens) unless $compat.include?('comment')
      @body = new_body
      depth = 1
      while (token = tokens.shift)
        m = BlockBody::FullToken.match(token)
        case m && m[2]
        when 'raw'
          while (inner = tokens.shift)
            break if inner =~ Raw::FullTokenPossiblyInvalid55 && Regexp.last_match(2) == 'endraw'
          end
        when 'comment' then depth += 1
        when 'endcomment' then depth -= 1
        end
        if depth.zero?
          parse_context.trim_whitespace = (token[-3] == WhitespaceControl)
          return
        end
      end
      raise_tag_never_closed(block_name)
    end
  end

  # golden-liquid's `blank` and `empty`: `blank` is nil, false, whitespace-only text or an empty
  # collection; `empty` an empty string or collection; each equals itself (5.4 without
  # ActiveSupport has no `blank?`, so `== blank` is always false there). A `case` subject too.
  class Condition
    alias_method :equal_variables54, :equal_variables
    def equal_variables(left, right)
      return equal_variables54(left, right) unless $compat.include?('blank')
      l = left.is_a?(MethodLiteral) ? left.method_name : nil
      r = right.is_a?(MethodLiteral) ? right.method_name : nil
      return l == r if l && r
      return equal_variables54(left, right) unless l || r
      name, value = l ? [l, right] : [r, left]
      empty = (value.is_a?(String) || value.is_a?(Array) || value.is_a?(Hash)) && value.empty?
      return empty if name == :empty?
      value.nil? || value == false || empty || (value.is_a?(String) && value.match?(/\A[[:space:]]*\z/))
    end
  end

  class Case
    alias_method :initialize54, :initialize
    def initialize(tag_name, markup, options)
      initialize54(tag_name, markup, options)
      word = markup.strip
      @left = Condition.parse_expression(parse_context, word) if $compat.include?('blank') && %w[blank empty].include?(word)
    end
  end

  # Liquid 5.5+ tablerow: without `cols`, one row as long as the collection (its last cell is
  # `col_last`), and `break`/`continue` end or skip a cell (5.4 leaves them pending).
  class TableRow
    alias_method :render54, :render_to_output_buffer
    def render_to_output_buffer(context, output)
      return render54(context, output) unless $compat.include?('tablerow')
      (collection = context.evaluate(@collection_name)) || (return '')
      from = @attributes.key?('offset') ? context.evaluate(@attributes['offset']).to_i : 0
      to = @attributes.key?('limit') ? from + context.evaluate(@attributes['limit']).to_i : nil
      collection = Utils.slice_collection(collection, from, to)
      length = collection.length
      cols = @attributes.key?('cols') ? context.evaluate(@attributes['cols']).to_i : length
      output << "<tr class=\"row1\">\n"
      context.stack do
        tablerowloop = Liquid::TablerowloopDrop.new(length, cols)
        context['tablerowloop'] = tablerowloop
        collection.each do |item|
          context[@variable_name] = item
          output << "<td class=\"col#{tablerowloop.col}\">"
          @body.render_to_output_buffer(context, output)
          output << '</td>'
          if context.interrupt?
            interrupt = context.pop_interrupt
            break if interrupt.is_a?(BreakInterrupt)
          end
          output << "</tr>\n<tr class=\"row#{tablerowloop.row + 1}\">" if tablerowloop.col_last && !tablerowloop.last
          tablerowloop.send(:increment!)
        end
      end
      output << "</tr>\n"
      output
    end
  end

  # 64-bit integers: an integer beyond them, read from text or made by a filter, is an error (Ruby
  # makes a Bignum).
  # `result`, unless it is an integer beyond 64 bits: then an error, the block saying what made it.
  def self.int64(result)
    return result unless $compat.include?('int64') && result.is_a?(Integer) && (result >= 2**63 || result < -2**63)
    raise Liquid::ArgumentError, yield
  end

  module Utils
    class << self
      %i[to_number to_integer].each do |name|
        alias_method :"#{name}54", name
        define_method(name) do |obj|
          Liquid.int64(send(:"#{name}54", obj)) { "integer overflow reading #{obj.inspect[0, 40]}" }
        end
      end
    end
  end

  class Context
    alias_method :invoke54, :invoke
    def invoke(method, *args)
      Liquid.int64(invoke54(method, *args)) { "integer overflow in #{method}" }
    end
  end

  # Dates never take a missing year, month or day from the clock, and text is a date only in the
  # forms docs/liquid.md lists (5.4's Time.parse fills gaps from today, so "1.005" is January 5 this
  # year, and reads "1.0052.5" as May 1 of the year 52).
  DATE_FORMS = %r{\d{4}[-/]\d{1,2}[-/]\d{1,2}|\A\s*\d{1,2}/\d{1,2}/\d{4}|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec}i
  module Utils
    class << self
      alias_method :to_date54, :to_date
      def to_date(obj)
        if $compat.include?('date') && obj.is_a?(String) && !obj.empty? && !%w[now today].include?(obj.downcase) && obj !~ /\A\d+\z/
          parts = Date._parse(obj)
          return nil unless parts[:year] && parts[:mon] && parts[:mday] && obj =~ DATE_FORMS
        end
        to_date54(obj)
      end
    end
  end

  # base64_decode gives UTF-8 text here: bytes that are not UTF-8 are an error (5.4 returns a binary
  # string, whose size counts bytes).
  module StandardFilters
    %i[base64_decode base64_url_safe_decode].each do |name|
      alias_method :"#{name}54", name
      define_method(name) do |input|
        result = send(:"#{name}54", input)
        return result unless $compat.include?('base64')
        text = result.dup.force_encoding(Encoding::UTF_8)
        raise Liquid::ArgumentError, "#{name} made bytes that are not UTF-8 text" unless text.valid_encoding?
        text
      end
    end
  end

  # golden-liquid: `where` with a nil property over strings is nil (5.4 raises a TypeError).
  module StandardFilters
    alias_method :where54, :where
    def where(input, property, target_value = nil)
      if $compat.include?('where-nil') && property.nil?
        InputIterator.new(input, context).each do |item|
          return nil if item.is_a?(String)
          break
        end
      end
      where54(input, property, target_value)
    end
  end
end

# Not a compatibility patch: the moment `now` and `today` name is 0 (1970-01-01T00:00:00Z), the one
# `commonsight render --batch` passes (our engine never reads the clock), so that both format the same
# moment. Only the exact words, as 5.4 matches them.
module Liquid
  module Utils
    class << self
      alias_method :to_date_clock, :to_date
      def to_date(obj)
        return Time.at(0) if obj.is_a?(String) && %w[now today].include?(obj)
        to_date_clock(obj)
      end
    end
  end
end

FILES = MemoryFileSystem.new
Liquid::Template.file_system = FILES
Liquid::Template.error_mode = :strict
$stdout.sync = true

$stdin.each_line do |line|
  reply =
    begin
      req = JSON.parse(line)
      FILES.files = req['partials'] || {}
      $compat = req['compat'] || []
      template = Liquid::Template.parse(req['template'], error_mode: :strict, line_numbers: true)
      template.resource_limits.render_length_limit = 1 << 24
      template.resource_limits.render_score_limit = 1 << 24
      template.resource_limits.assign_score_limit = 1 << 24
      out = template.render!(req['data'] || {}, strict_filters: req['strict_filters'] ? true : false)
      out = out.to_s
      if out.valid_encoding?
        { 'output' => out }
      else
        { 'error' => 'InvalidOutput: the output is not valid UTF-8' }
      end
    rescue Exception => e  # rubocop:disable Lint/RescueException (SystemStackError, NoMemoryError)
      raise if e.is_a?(Interrupt) || e.is_a?(SignalException)
      { 'error' => "#{e.class}: #{e.message}"[0, 500].scrub }
    end
  begin
    $stdout.puts(JSON.generate(reply))
  rescue JSON::GeneratorError, Encoding::UndefinedConversionError => e
    $stdout.puts(JSON.generate({ 'error' => "InvalidOutput: #{e.class}" }))
  end
end
